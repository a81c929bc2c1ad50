/** Resolves after `ms`, or at once when the signal aborts (no timer left behind); `ms` Infinity waits for the abort alone. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    signal?.addEventListener('abort', done, { once: true });
  });
}
