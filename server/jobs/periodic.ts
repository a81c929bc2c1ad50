/**
 * A pass that runs now and then every `everyMs`, never twice at once: the catalogue schedule and the
 * answer retention check are this, each with its own pass. A pass that throws is logged and the next
 * one runs as usual.
 */
import type { Logger } from '~/server/log';

export interface Periodic {
  /** One pass now (tests, and the first pass at start, call it); joins a pass already running. */
  tick(): Promise<void>;
  stop(): void;
}

export function startPeriodic({
  pass,
  everyMs,
  logger,
  what,
}: {
  pass: () => Promise<void>;
  everyMs: number;
  logger?: Logger;
  /** Names the pass in the log line of a failure, e.g. "catalogue schedule". */
  what: string;
}): Periodic {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        await pass();
      } catch (err) {
        logger?.error({ err }, `${what} failed`);
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
