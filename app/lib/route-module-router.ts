/**
 * What a route file gets for `@tanstack/react-router` (router.config.ts's `lazyRouteComponentPlugin`):
 * the router itself, with its code-split component loader replaced by app/lib/lazy-route-component.ts.
 * The route files' own imports (createFileRoute, Link, …) are the router's, unchanged.
 */
export * from '@tanstack/react-router';
export { lazyRouteComponent } from './lazy-route-component';
