// @vitest-environment happy-dom
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from './lib/session';
import { createPageRouter } from './router';

describe('router defaults', () => {
  it('serves under /app with the documented preload, pending and cache timings', () => {
    const router = createPageRouter({
      history: createMemoryHistory({ initialEntries: ['/app/'] }),
      context: {
        session: createSessionStore(() => Promise.resolve(null)),
        loadApi: () => Promise.reject(new Error('not needed')),
      },
    });
    expect(router.options).toMatchObject({
      basepath: '/app',
      defaultPreloadDelay: 50,
      defaultPendingMs: 1000,
      defaultPendingMinMs: 500,
      defaultGcTime: 300_000,
      defaultPreloadStaleTime: 30_000,
    });
  });
});
