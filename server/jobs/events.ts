/**
 * Run changes across server processes: whoever changes a run sends NOTIFY on one channel with the run
 * id, and each process LISTENs once and wakes its own watchers of that run. On PGlite the listener is
 * the database's own (one process); on PostgreSQL it is a connection of its own, reopened when it
 * drops, after which every watcher re-reads its run (a change sent meanwhile is not lost).
 */
import pg from 'pg';
import type { Database } from '~/server/db/client';

/** The NOTIFY channel; the payload is the changed run's id. */
export const RUN_CHANGED_CHANNEL = 'beacon_job_run_changed';

export interface RunEvents {
  /** Calls `onChange` each time the run may have changed, until the returned function is called. */
  watch(runId: string, onChange: () => void): () => void;
  close(): Promise<void>;
}

type Unlisten = () => Promise<void>;

export function createRunEvents(database: Database, options: { reconnectMs?: number } = {}) {
  const watchers = new Map<string, Set<() => void>>();
  const wake = (runId: string) => {
    for (const onChange of watchers.get(runId) ?? []) onChange();
  };
  const wakeAll = () => {
    for (const runId of watchers.keys()) wake(runId);
  };

  let closed = false;
  let stop: Unlisten | undefined;
  let started: Promise<void> | undefined;

  async function listenPostgres(url: string): Promise<Unlisten> {
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === RUN_CHANGED_CHANNEL && message.payload) wake(message.payload);
      });
      next.on('error', () => {
        // The connection dropped: open another; changes sent meanwhile are re-read on reconnect.
        void next.end().catch(() => undefined);
        if (client === next) client = undefined;
        if (!closed) timer = setTimeout(() => void reconnect(), options.reconnectMs ?? 1_000);
      });
      await next.connect();
      await next.query(`LISTEN ${RUN_CHANGED_CHANNEL}`);
      client = next;
    };
    const reconnect = async () => {
      try {
        await connect();
        wakeAll();
      } catch {
        if (!closed) timer = setTimeout(() => void reconnect(), options.reconnectMs ?? 1_000);
      }
    };
    await connect();
    return async () => {
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    };
  }

  function start(): Promise<void> {
    started ??= (async () => {
      const { handle } = database;
      if (handle.driver === 'pglite') {
        stop = await handle.client.listen(RUN_CHANGED_CHANNEL, (runId) => wake(runId));
      } else {
        const url = handle.client.options.connectionString;
        if (!url) throw new Error('Run events need the PostgreSQL URL of the database.');
        stop = await listenPostgres(url);
      }
    })();
    return started;
  }

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
      closed = true;
      await started?.catch(() => undefined);
      await stop?.();
    },
  };
  return events;
}
