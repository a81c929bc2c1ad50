/** The error formatter: unexpected errors keep their message and stack only in development. */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import type { Services } from '~/server/services';
import type { Context } from './context';
import { createTRPCRouter, INTERNAL_ERROR_MESSAGE, publicProcedure } from './trpc';

const router = createTRPCRouter({
  boom: publicProcedure.query(() => {
    throw new Error('pool exhausted at db.internal:5432');
  }),
});

async function ask(isDevelopment: boolean | undefined) {
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request('http://localhost/trpc/boom'),
    router,
    createContext: (): Context => ({
      user: null,
      services: {} as Services,
      requestId: 'r',
      ...(isDevelopment === undefined ? {} : { isDevelopment }),
    }),
  });
  const body = (await res.json()) as {
    error: { json: { message: string; data: Record<string, unknown> } };
  };
  return { status: res.status, ...body.error.json };
}

describe('errorFormatter', () => {
  it('outside development: a generic message and no stack', async () => {
    for (const isDevelopment of [false, undefined]) {
      const error = await ask(isDevelopment);
      expect(error.status).toBe(500);
      expect(error.message).toBe(INTERNAL_ERROR_MESSAGE);
      expect(error.data).not.toHaveProperty('stack');
      expect(JSON.stringify(error)).not.toContain('db.internal');
    }
  });

  it('in development: the error’s own message and its stack', async () => {
    const error = await ask(true);
    expect(error.message).toBe('pool exhausted at db.internal:5432');
    expect(error.data.stack).toEqual(expect.stringContaining('trpc.test.ts'));
  });
});
