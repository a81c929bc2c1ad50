/**
 * A stale deploy's lazy chunk is gone (vite:preloadError): reload once rather than leave a blank
 * page. The flag in sessionStorage stops a reload loop when the fresh page fails the same way; it is
 * cleared once a navigation resolves without an error, so a later stale chunk reloads again.
 */
import { browser } from './reload';

export const PRELOAD_RELOAD_KEY = 'beacon:reloaded-for-chunk';

export interface PreloadErrorOptions {
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload?: () => void;
}

/** The router's view of a navigation: whether any match of the page it resolved to failed. */
interface ResolvingRouter {
  subscribe(event: 'onResolved', listener: () => void): () => void;
  state: { matches: readonly { status: string }[] };
}

export function reloadOnPreloadError({
  target = window,
  storage = sessionStorage,
  reload = () => browser.reload(),
}: PreloadErrorOptions = {}) {
  const onPreloadError = (event: Event) => {
    if (storage.getItem(PRELOAD_RELOAD_KEY)) return;
    storage.setItem(PRELOAD_RELOAD_KEY, '1');
    event.preventDefault();
    reload();
  };
  /** A page loaded fine: the next stale chunk may reload again. */
  const loaded = () => storage.removeItem(PRELOAD_RELOAD_KEY);
  target.addEventListener('vite:preloadError', onPreloadError);
  return {
    loaded,
    /** Calls loaded() after each navigation the router resolves without an error. */
    watch(router: ResolvingRouter): () => void {
      return router.subscribe('onResolved', () => {
        if (!router.state.matches.some((match) => match.status === 'error')) loaded();
      });
    },
    dispose(): void {
      target.removeEventListener('vite:preloadError', onPreloadError);
    },
  };
}
