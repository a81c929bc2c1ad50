/**
 * Work a process repeats on a timer (the catalogue's and the answer retention's schedules, the sweep of
 * expired exports): once at start, then every `everyMs`; a pass still running when the next comes due
 * is not doubled, and a failed pass is logged and left to the next one.
 */
export interface Periodic {
  /** One pass now, or the one already running (tests, and the first pass at start, call it). */
  tick(): Promise<void>;
  stop(): void;
}

export function startPeriodic(
  pass: () => Promise<void>,
  { everyMs, onError }: { everyMs: number; onError: (err: unknown) => void },
): Periodic {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        await pass();
      } catch (err) {
        onError(err);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
