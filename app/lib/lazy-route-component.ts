/**
 * The code-split route components' loader: TanStack Router's `lazyRouteComponent`, except that it
 * calls React's `use()` on every render.
 *
 * TanStack's (1.170) calls `use()` only while its module is missing (`if (!comp) use(load())`). React
 * 19.3 warns about exactly that in development: "This library called use() to suspend in a previous
 * render but did not call use() when it finished" (https://react.dev/warnings/conditional-use-of-use),
 * when a route's chunk arrives while React replays the render that suspended on it; a story failed on
 * it once. Here every render reads the same promise, which React marks fulfilled once the module is in
 * and then reads without suspending. Route files get this one through `lazyRouteComponentPlugin`
 * (router.config.ts); docs/decisions/0052-lazy-route-component.md.
 *
 * A chunk a deploy removed is app/lib/preload-error.ts's: it reloads the page once (the import then
 * gives `undefined`, and the screen waits for the reload), or the import fails into the route's error
 * screen. A failed import is tried again at the router's next preload of the route (a navigation, a retry).
 */
import type { AsyncRouteComponent } from '@tanstack/react-router';
import { type ComponentType, createElement, use } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the module's component takes
type AnyComponent = ComponentType<any>;

/**
 * A promise carrying its outcome the way React's use() marks one it has seen, so that use() reads a
 * module the router already loaded without suspending, even at the first render.
 */
type Tracked<T> = Promise<T> &
  (
    | { status?: 'pending' }
    | { status: 'fulfilled'; value: T }
    | { status: 'rejected'; reason: unknown }
  );

/** What the page shows while app/lib/preload-error.ts reloads it: the pending screen, until it goes. */
const RELOADING = new Promise<never>(() => {});

export function lazyRouteComponent<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own signature
  T extends Record<string, any>,
  TKey extends keyof T = 'default',
>(
  importer: () => Promise<T>,
  exportName?: TKey,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own signature
): T[TKey] extends (props: infer TProps) => any ? AsyncRouteComponent<TProps> : never {
  let loading: Tracked<AnyComponent> | undefined;
  const start = (): Promise<AnyComponent> => {
    const current: Tracked<AnyComponent> = importer().then(
      (module: T | undefined) => {
        if (module === undefined) return RELOADING;
        const component = module[exportName ?? 'default'] as AnyComponent;
        Object.assign(current, { status: 'fulfilled', value: component });
        return component;
      },
      (error: unknown) => {
        Object.assign(current, { status: 'rejected', reason: error });
        throw error;
      },
    );
    // The route's error screen shows a failure (use() throws it): not an unhandled rejection as well.
    current.catch(() => {});
    loading = current;
    return current;
  };
  // A render reads the import there is, failed or not (a failure is the route's error screen); only
  // the router's preload (a navigation, a retry) starts a failed one again.
  function Lazy(props: Record<string, unknown>) {
    return createElement(use(loading ?? start()), props);
  }
  // As TanStack's: settles without failing, and gives nothing to wait for once the module is in.
  Lazy.preload = (): Promise<void> | undefined => {
    if (loading?.status === 'fulfilled') return undefined;
    const current = loading && loading.status !== 'rejected' ? loading : start();
    return current.then(
      () => undefined,
      () => undefined,
    );
  };
  return Lazy as never;
}
