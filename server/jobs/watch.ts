/**
 * Following a run until it ends, the way every run screen does: its state now, then each change a
 * screen would show. Status changes are announced (NOTIFY through RunEvents); counts that change with
 * every item are also read every `intervalMs` while it is active, when given. Wake-ups arriving while
 * a read is under way are kept, so one more read follows; the first read after watching starts
 * catches a change made between the first read and watching.
 */
import type { RunEvents } from './events';

export interface WatchOptions<T> {
  id: string;
  first: T;
  /** The run now; undefined when it is gone (the watch ends). */
  read: () => Promise<T | undefined>;
  active: (run: T) => boolean;
  /** Whether two reads differ in anything a screen shows. */
  changed: (before: T, after: T) => boolean;
  events?: RunEvents;
  intervalMs?: number;
  signal?: AbortSignal;
}

export async function* watchUntilEnded<T>(options: WatchOptions<T>): AsyncGenerator<T> {
  const { id, read, active, changed, events, intervalMs, signal } = options;
  let current = options.first;
  let pending = true;
  let wake: (() => void) | undefined;
  const stopWatching = events?.watch(id, () => {
    pending = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    yield current;
    while (active(current) && !signal?.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          const timer = intervalMs === undefined ? undefined : setTimeout(resolve, intervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        // Without an interval only an announcement (or the abort) ends the wait.
        if (!pending && intervalMs === undefined) continue;
      }
      pending = false;
      const next = await read();
      if (!next) return;
      if (changed(current, next)) yield next;
      current = next;
    }
  } finally {
    stopWatching?.();
    signal?.removeEventListener('abort', onAbort);
  }
}
