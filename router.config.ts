/** TanStack Router's generator options, shared by the app's Vite config and Storybook's. */
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const routerGeneratorOptions = {
  target: 'react' as const,
  routesDirectory: here('./app/routes'),
  generatedRouteTree: here('./app/route-tree.gen.ts'),
  routeFileIgnorePrefix: '-',
  quoteStyle: 'single' as const,
};
