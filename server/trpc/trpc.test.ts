/** The error formatter: unexpected errors keep their message and stack only in development. */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { AiError } from '~/domain/ai/errors';
import type { Services } from '~/server/services';
import type { Context } from './context';
import { createTRPCRouter, INTERNAL_ERROR_MESSAGE, publicProcedure } from './trpc';

const router = createTRPCRouter({
  boom: publicProcedure.query(() => {
    throw new Error('pool exhausted at db.internal:5432');
  }),
  limited: publicProcedure.query(() => {
    throw new AiError('rate_limited', {
      provider: 'anthropic',
      status: 429,
      retryAfterSeconds: 20,
    });
  }),
});

async function ask(isDevelopment: boolean | undefined, path = 'boom') {
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(`http://localhost/trpc/${path}`),
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
      expect(error.data.requestId).toBe('r');
      expect(JSON.stringify(error)).not.toContain('db.internal');
    }
  });

  it('in development: the error’s own message and its stack', async () => {
    const error = await ask(true);
    expect(error.message).toBe('pool exhausted at db.internal:5432');
    expect(error.data.stack).toEqual(expect.stringContaining('trpc.test.ts'));
  });
});

describe('an AI failure in a procedure', () => {
  it('answers with its own status, message and reason, not an internal error', async () => {
    const error = await ask(false, 'limited');
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      'Claude is limiting how often Beacon may ask. Beacon will try again in 20 s.',
    );
    expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'rate_limited' });
    // A client's own refusal is not a failure to report: no reference.
    expect(error.data).not.toHaveProperty('requestId');
  });
});
