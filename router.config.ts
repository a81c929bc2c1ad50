/** TanStack Router's generator options, shared by the app's Vite config and Storybook's. */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const routerGeneratorOptions = {
  target: 'react' as const,
  routesDirectory: here('./app/routes'),
  generatedRouteTree: here('./app/route-tree.gen.ts'),
  routeFileIgnorePrefix: '-',
  quoteStyle: 'single' as const,
};

const ROUTE_MODULE_ROUTER = here('./app/lib/route-module-router.ts');

/**
 * Route files' `@tanstack/react-router` becomes app/lib/route-module-router.ts, whose
 * `lazyRouteComponent` (the loader the router plugin's code splitting wraps each screen in) calls React's
 * use() on every render (app/lib/lazy-route-component.ts, docs/decisions/0052-lazy-route-component.md).
 * Only the route modules themselves: their split-off chunks and the rest of the app import the router.
 */
export function lazyRouteComponentPlugin(
  routesDirectory = routerGeneratorOptions.routesDirectory,
): Plugin {
  const routes = `${routesDirectory}/`;
  return {
    name: 'beacon:lazy-route-component',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@tanstack/react-router' || !importer?.startsWith(routes)) return null;
      if (importer.includes('?')) return null;
      return ROUTE_MODULE_ROUTER;
    },
  };
}
