// @vitest-environment happy-dom
import { QueryObserver } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_DEFAULTS } from '~/domain/shared/constants';
import { createQueryClient, defaultStaleTimeMs } from './query-client';
import type { AppRouter } from './trpc';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs a failing query to the end, recording when (fake ms) each attempt started. */
async function attemptsOf(queryKey: readonly unknown[]) {
  const client = createQueryClient();
  const started: number[] = [];
  const t0 = Date.now();
  const result = client
    .fetchQuery({
      queryKey,
      queryFn: () => {
        started.push(Date.now() - t0);
        return Promise.reject(new Error('down'));
      },
    })
    .catch((error: unknown) => error);
  await vi.runAllTimersAsync();
  await expect(result).resolves.toMatchObject({ message: 'down' });
  return started;
}

function trpcKeys() {
  const queryClient = createQueryClient();
  return createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links: [] }),
    queryClient,
  });
}

describe('query defaults', () => {
  it('retries a failed query 3 times, 1 s then doubling', async () => {
    expect(await attemptsOf(['anything'])).toEqual([0, 1000, 3000, 7000]);
  });

  it('backs off from 1 s, doubling, at most 30 s', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay as (
      attempt: number,
    ) => number;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('never retries orgs.getContext', async () => {
    const trpc = trpcKeys();
    expect(
      await attemptsOf(trpc.orgs.getContext.queryKey({ orgSlug: 'acme', envSlug: 'prod' })),
    ).toEqual([0]);
    // Its neighbours keep the default.
    expect(await attemptsOf(trpc.orgs.allOrgsForUser.queryKey())).toHaveLength(4);
    // b2cInstances.sync writes, so it is a mutation, which is never retried.
    expect(QUERY_DEFAULTS.noRetryProcedures).toEqual(['orgs.getContext']);
  });

  it('keeps a suspense query fresh for at least 1000 ms; others go stale at once', async () => {
    expect(QUERY_DEFAULTS.suspenseMinStaleTimeMs).toBeGreaterThanOrEqual(1000);
    expect(defaultStaleTimeMs({ options: { suspense: true } as never })).toBe(
      QUERY_DEFAULTS.suspenseMinStaleTimeMs,
    );
    expect(defaultStaleTimeMs({ options: {} })).toBe(0);

    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.resolve('data'));
    const suspense = new QueryObserver(client, { queryKey: ['s'], queryFn, suspense: true });
    const plain = new QueryObserver(client, { queryKey: ['p'], queryFn });
    const stop = [suspense.subscribe(() => {}), plain.subscribe(() => {})];
    await vi.advanceTimersByTimeAsync(0);
    expect(suspense.getCurrentResult().isStale).toBe(false);
    expect(plain.getCurrentResult().isStale).toBe(true);
    await vi.advanceTimersByTimeAsync(QUERY_DEFAULTS.suspenseMinStaleTimeMs - 1);
    expect(suspense.getCurrentResult().isStale).toBe(false);
    // Query marks it stale on the next tick after the stale time.
    await vi.advanceTimersByTimeAsync(2);
    expect(suspense.getCurrentResult().isStale).toBe(true);
    for (const unsubscribe of stop) unsubscribe();
  });
});
