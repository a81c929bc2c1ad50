import { describe, expect, it, vi } from 'vitest';
import { PRELOAD_RELOAD_KEY, reloadOnPreloadError } from './preload-error';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A page load: a fresh listener, the same tab's sessionStorage. */
function pageLoad(storage: ReturnType<typeof memoryStorage>) {
  const target = new EventTarget();
  const reload = vi.fn();
  const handle = reloadOnPreloadError({ target, storage, reload });
  const chunkFails = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
  return { handle, reload, chunkFails };
}

function fakeRouter() {
  const listeners: (() => void)[] = [];
  return {
    state: { matches: [] as { status: string }[] },
    subscribe: (_event: 'onResolved', listener: () => void) => {
      listeners.push(listener);
      return () => {};
    },
    resolve(statuses: string[]) {
      this.state.matches = statuses.map((status) => ({ status }));
      for (const listener of listeners) listener();
    },
  };
}

describe('reload once on a failed chunk load (vite:preloadError)', () => {
  it('the first failure reloads the page instead of surfacing the error', () => {
    const storage = memoryStorage();
    const first = pageLoad(storage);
    const event = first.chunkFails();
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    expect(storage.items.get(PRELOAD_RELOAD_KEY)).toBe('1');
  });

  it('does not loop: failing again before anything loaded does not reload', () => {
    const storage = memoryStorage();
    pageLoad(storage).chunkFails();
    const reloaded = pageLoad(storage);
    const event = reloaded.chunkFails();
    expect(reloaded.reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    // Nor within that same load.
    reloaded.chunkFails();
    expect(reloaded.reload).not.toHaveBeenCalled();
  });

  it('after a successful navigation, a later failure reloads again', () => {
    const storage = memoryStorage();
    pageLoad(storage).chunkFails();
    const reloaded = pageLoad(storage);
    const router = fakeRouter();
    reloaded.handle.watch(router);
    router.resolve(['success', 'success']);
    expect(storage.items.has(PRELOAD_RELOAD_KEY)).toBe(false);
    reloaded.chunkFails();
    expect(reloaded.reload).toHaveBeenCalledTimes(1);
  });

  it('a navigation that ends on an error screen does not count as loaded', () => {
    const storage = memoryStorage();
    pageLoad(storage).chunkFails();
    const reloaded = pageLoad(storage);
    const router = fakeRouter();
    reloaded.handle.watch(router);
    router.resolve(['success', 'error']);
    expect(storage.items.get(PRELOAD_RELOAD_KEY)).toBe('1');
    reloaded.chunkFails();
    expect(reloaded.reload).not.toHaveBeenCalled();
  });

  it('stops listening when disposed', () => {
    const storage = memoryStorage();
    const load = pageLoad(storage);
    load.handle.dispose();
    load.chunkFails();
    expect(load.reload).not.toHaveBeenCalled();
  });
});
