import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyRouteComponentPlugin } from '~/router.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const plugin = lazyRouteComponentPlugin();
const resolve = (source: string, importer?: string) =>
  (plugin.resolveId as (source: string, importer?: string) => Promise<string | null>)(
    source,
    importer,
  );

describe('route files get the lazyRouteComponent that calls use() on every render', () => {
  it("points a route file's router import at app/lib/route-module-router.ts", async () => {
    await expect(
      resolve(
        '@tanstack/react-router',
        `${root}app/routes/_authed/_user/$orgSlug/$envSlug/reviews/index.tsx`,
      ),
    ).resolves.toBe(`${root}app/lib/route-module-router.ts`);
  });

  it('leaves the split-off chunks, the rest of the app and other packages on the router itself', async () => {
    const route = `${root}app/routes/_authed/_user/$orgSlug/$envSlug/reviews/index.tsx`;
    await expect(
      resolve('@tanstack/react-router', `${route}?tsr-split=component`),
    ).resolves.toBeNull();
    await expect(resolve('@tanstack/react-router', `${root}app/router.tsx`)).resolves.toBeNull();
    await expect(
      resolve('@tanstack/react-router', `${root}app/lib/route-module-router.ts`),
    ).resolves.toBeNull();
    await expect(resolve('@tanstack/react-query', route)).resolves.toBeNull();
    await expect(resolve('@tanstack/react-router')).resolves.toBeNull();
  });
});
