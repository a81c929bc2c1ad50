/**
 * Run changes across server processes: whoever changes a run sends NOTIFY on one channel with the run
 * id, and each process, through its one listening connection (server/db/notify.ts), wakes its own
 * watchers of that run. When that connection was reopened (PostgreSQL restarted), every watcher re-reads
 * its run: a change sent meanwhile is not lost.
 */
import type { Database } from '~/server/db/client';
import { createNotifyBus, type NotifyBus } from '~/server/db/notify';

/** The NOTIFY channel; the payload is the changed run's id. */
export const RUN_CHANGED_CHANNEL = 'beacon_job_run_changed';

export interface RunEvents {
  /** Calls `onChange` each time the run may have changed, until the returned function is called. */
  watch(runId: string, onChange: () => void): () => void;
  close(): Promise<void>;
}

export function createRunEvents(
  database: Database,
  options: { reconnectMs?: number; bus?: NotifyBus } = {},
) {
  // A bus of its own when the process does not share one (closed with these events).
  const bus =
    options.bus ??
    createNotifyBus(database, options.reconnectMs ? { reconnectMs: options.reconnectMs } : {});
  const watchers = new Map<string, Set<() => void>>();
  const wake = (runId: string) => {
    for (const onChange of watchers.get(runId) ?? []) onChange();
  };
  const wakeAll = () => {
    for (const runId of watchers.keys()) wake(runId);
  };
  let unsubscribe: (() => void) | undefined;
  let started: Promise<void> | undefined;
  const start = () => {
    unsubscribe ??= bus.subscribe(RUN_CHANGED_CHANNEL, (runId) => runId && wake(runId), wakeAll);
    started ??= bus.ready();
    return started;
  };

  const events: RunEvents & { ready: () => Promise<void> } = {
    /** Resolves once this process listens (watching starts it on first use as well). */
    ready: start,
    watch(runId, onChange) {
      void start().catch(() => undefined);
      let set = watchers.get(runId);
      if (!set) watchers.set(runId, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0 && watchers.get(runId) === set) watchers.delete(runId);
      };
    },
    async close() {
      unsubscribe?.();
      if (!options.bus) await bus.close();
    },
  };
  return events;
}
