import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcExpressHandler } from './express-handler';

// The same router served by tRPC's own Express adapter and by ours: every answer must be the same,
// byte for byte, except where ours is meant to differ (how a whole JSON answer is written, which a
// client cannot see).
const t = initTRPC
  .context<{ user: string | null }>()
  .create({ transformer: superjson, isDev: false });
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string().max(10) })).query(({ input, ctx }) => ({
    greeting: `hello ${input.name}`,
    by: ctx.user,
    at: new Date(0),
  })),
  secret: t.procedure.query(({ ctx }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
    return 'ok';
  }),
  broken: t.procedure.query(() => {
    throw new Error('boom');
  }),
  save: t.procedure
    .input(z.object({ text: z.string() }))
    .mutation(({ input }) => ({ saved: input.text.length })),
  count: t.procedure.query(async function* () {
    for (let i = 0; i < 3; i++) {
      yield i;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }),
});

const errors: string[][] = [[], []];
function options(which: number) {
  return {
    router,
    maxBodySize: 200,
    maxBatchSize: 3,
    createContext: async ({ req }: { req: express.Request }) => ({
      user: req.headers.authorization ?? null,
    }),
    responseMeta: ({ errors: failed }: { errors: TRPCError[] }) =>
      failed.length > 0 ? { headers: { 'x-failed': String(failed.length) } } : {},
    onError: ({ error, path }: { error: TRPCError; path?: string }) => {
      errors[which]?.push(`${path}:${error.code}`);
    },
  };
}

const servers: { close: () => void }[] = [];
const bases: string[] = [];

beforeAll(async () => {
  const handlers = [createExpressMiddleware(options(0)), trpcExpressHandler(options(1))];
  for (const handler of handlers) {
    const app = express();
    app.use('/trpc', handler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`);
  }
});
afterAll(() => {
  for (const server of servers) server.close();
});

const input = (calls: unknown[]) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map((json, i) => [i, { json }]))));

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function ask(base: string, path: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(`${base}${path}`, init);
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers)
    if (!['date', 'keep-alive', 'connection', 'transfer-encoding', 'content-length'].includes(key))
      headers[key] = value;
  return { status: response.status, headers, body: await response.text() };
}

async function both(path: string, init?: RequestInit): Promise<[Answer, Answer]> {
  errors[0] = [];
  errors[1] = [];
  const theirs = await ask(bases[0] ?? '', path, init);
  const ours = await ask(bases[1] ?? '', path, init);
  expect(errors[1]).toEqual(errors[0]);
  return [theirs, ours];
}

describe('trpcExpressHandler answers as tRPC’s Express adapter does', () => {
  const cases: [string, string, RequestInit?][] = [
    ['one query', `/hello?input=${input([{ name: 'ada' }])}`],
    ['a batch', `/hello,secret?batch=1&input=${input([{ name: 'ada' }, null])}`],
    [
      'a signed-in batch',
      `/hello,secret?batch=1&input=${input([{ name: 'ada' }, null])}`,
      { headers: { authorization: 'maya' } },
    ],
    ['bad input', `/hello?input=${input([{ name: 'far too long a name' }])}`],
    ['input that is not JSON', '/hello?input=%7Bnope'],
    ['an unknown procedure', '/nowhere?input=%7B%7D'],
    ['a procedure that fails', '/broken'],
    ['a batch over the limit', `/hello,hello,hello,hello?batch=1&input=${input([{}, {}, {}, {}])}`],
    ['a query sent as POST', '/secret', { method: 'POST', body: '{}' }],
    [
      'a mutation',
      '/save',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { text: 'hi' } }),
      },
    ],
    [
      'a body over the limit',
      '/save',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { text: 'x'.repeat(500) } }),
      },
    ],
    ['a mutation sent as GET', `/save?input=${input([{ text: 'hi' }])}`],
    ['HEAD', '/hello', { method: 'HEAD' }],
  ];
  for (const [name, path, init] of cases)
    it(name, async () => {
      const [theirs, ours] = await both(path, init);
      expect(ours).toEqual(theirs);
    });

  it('streams a batch asked for as JSON lines, chunk by chunk as tRPC does', async () => {
    const path = `/count,hello?batch=1&input=${input([null, { name: 'ada' }])}`;
    const init = { headers: { 'trpc-accept': 'application/jsonl' } };
    const [theirs, ours] = await both(path, init);
    expect(ours.status).toBe(200);
    expect(ours.headers['content-type']).toBe('application/json');
    expect(ours.headers['transfer-encoding'] ?? 'chunked').toBe('chunked');
    expect(ours.body.trim().split('\n').length).toBeGreaterThan(3);
    expect(ours.body.trim().split('\n').length).toBe(theirs.body.trim().split('\n').length);
  });
});
