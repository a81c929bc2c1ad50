import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { internal_exceptionHandler } from '@trpc/server/adapters/node-http';
import express from 'express';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcExpressHandler } from './express-handler';
import { answerQueryBatch } from './query-batch';

// The same router served by tRPC's own Express adapter and by ours: every answer must be the same,
// byte for byte, except where ours is meant to differ (how a whole JSON answer is written, which a
// client cannot see).
const waiting = { started: () => {}, aborted: () => {} };
const t = initTRPC.context<{ user: string | null }>().create({
  transformer: superjson,
  isDev: false,
  errorFormatter: ({ shape, error }) => {
    if (error.message === 'unformattable') throw new Error('The formatter failed.');
    return { ...shape, data: { ...shape.data, formatted: true } };
  },
});
/** Procedure calls, and contexts made, since the last reset. */
const ran = { procedures: 0, contexts: 0 };
const counted = t.procedure.use(({ next }) => {
  ran.procedures++;
  return next();
});
const router = t.router({
  // Its answer cannot be serialised (superjson reads the getter), though it is not stream-like.
  unserialisable: counted.query(() => ({
    nested: {
      get boom(): string {
        throw new Error('Not serialisable.');
      },
    },
  })),
  hello: counted.input(z.object({ name: z.string().max(10) })).query(({ input, ctx }) => ({
    greeting: `hello ${input.name}`,
    by: ctx.user,
    at: new Date(0),
  })),
  secret: counted.query(({ ctx }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
    return 'ok';
  }),
  broken: counted.query(() => {
    throw new Error('boom');
  }),
  unformattable: counted.query(() => {
    throw new Error('unformattable');
  }),
  kinds: counted.query(() => ({ map: new Map([['a', 1n]]), gone: undefined, nan: Number.NaN })),
  later: counted.query(() => ({ soon: Promise.resolve(1) })),
  // Answers only once its caller has gone: when the request's signal aborts.
  waits: counted.query(({ signal }) => {
    waiting.started();
    return new Promise<string>((resolve) =>
      signal?.addEventListener('abort', () => {
        waiting.aborted();
        resolve('gone');
      }),
    );
  }),
  save: counted
    .input(z.object({ text: z.string() }))
    .mutation(({ input }) => ({ saved: input.text.length })),
  count: counted.query(async function* () {
    for (let i = 0; i < 3; i++) {
      yield i;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }),
});

/** What each server's hooks were called with: onError and responseMeta, in order. */
const errors: string[][] = [[], [], []];
const metaFor: Record<string, () => ReturnType<ResponseMeta>> = {
  meta: () => ({
    status: 202,
    headers: new Headers([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['x-meta', 'one'],
      ['x-meta', 'two'],
    ]),
  }),
  'meta-object': () => ({
    headers: {
      'set-cookie': ['a=1', 'b=2'],
      'x-list': ['one', 'two'],
      'cache-control': 'no-cache',
    },
  }),
  'meta-padded': () => ({ headers: { 'x-padded': '  spaced  ' } }),
  'meta-bad-header': () => ({ headers: { 'x-price': 'price €5' } }),
  'meta-204': () => ({ status: 204 }),
  'meta-600': () => ({ status: 600 }),
};
type ResponseMeta = (opts: {
  errors: TRPCError[];
  ctx?: { user: string | null };
  type: string;
  paths?: readonly string[];
  data: readonly unknown[];
  eagerGeneration: boolean;
}) => { status?: number; headers?: Headers | Record<string, string | string[]> };
function options(which: number) {
  return {
    router,
    maxBodySize: 200,
    maxBatchSize: 3,
    createContext: async ({ req, res }: { req: express.Request; res: express.Response }) => {
      ran.contexts++;
      if (req.headers['x-created']) res.statusCode = 201;
      if (req.headers['x-no-context'])
        throw new TRPCError({ code: 'FORBIDDEN', message: 'No context today.' });
      return { user: req.headers.authorization ?? null };
    },
    responseMeta: (({ errors: failed, ctx, type, paths, data, eagerGeneration }) => {
      errors[which]?.push(
        `meta ${type} ${paths?.join(',')} data:${data.length} errors:${failed.length} eager:${eagerGeneration} user:${ctx?.user}`,
      );
      const meta = ctx?.user ? metaFor[ctx.user] : undefined;
      if (meta) return meta();
      return failed.length > 0 ? { headers: { 'x-failed': String(failed.length) } } : {};
    }) satisfies ResponseMeta,
    onError: ({
      error,
      path,
      type,
      input,
      ctx,
    }: {
      error: TRPCError;
      path?: string;
      type: string;
      input: unknown;
      ctx?: { user: string | null };
    }) => {
      errors[which]?.push(
        `error ${type} ${path}:${error.code} ${error.message} input:${JSON.stringify(input)} user:${ctx?.user}`,
      );
    },
  };
}

const servers: { close: () => void }[] = [];
const bases: string[] = [];

beforeAll(async () => {
  // The query batch alone: what it answers, a 599 when it declines, and tRPC's answer to what it
  // throws (as trpcExpressHandler gives it).
  const queryBatchOnly = (req: express.Request, res: express.Response) => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    const opts = options(2);
    answerQueryBatch(opts, req, res, path)
      .then((answered) => {
        if (!answered) res.status(599).end('declined');
      })
      .catch(internal_exceptionHandler({ req, res, path, ...opts }));
  };
  const handlers = [
    createExpressMiddleware(options(0)),
    trpcExpressHandler(options(1)),
    queryBatchOnly,
  ];
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
  if (response.headers.has('set-cookie'))
    headers['set-cookie'] = response.headers.getSetCookie().join(' | ');
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

/** Whether the query batch answers (`fast`) or declines a request, and what it answered: the same as
 * tRPC when it answers, and nothing run (no error reported) when it declines. */
async function queryBatchAlone(path: string, init?: RequestInit): Promise<Answer | 'declined'> {
  errors[2] = [];
  ran.procedures = 0;
  ran.contexts = 0;
  const answer = await ask(bases[2] ?? '', path, init);
  if (answer.status !== 599) return answer;
  // Declined having run nothing: no context, no procedure, no hook.
  expect({ ran, reported: errors[2] }).toEqual({
    ran: { procedures: 0, contexts: 0 },
    reported: [],
  });
  return 'declined';
}

const batch = (paths: string, calls: unknown[]) => `/${paths}?batch=1&input=${input(calls)}`;

describe('trpcExpressHandler answers as tRPC’s Express adapter does', () => {
  /** A batch of `hello` sent with `headers`, answered by the query batch unless `fast` is false. */
  const helloWith = (headers: Record<string, string>, fast = true) =>
    [batch('hello', [{ name: 'ada' }]), { headers }, fast] as const;
  /** `hello` asked by `authorization`, whose responseMeta (metaFor) answers. */
  const helloAs = (authorization: string) => helloWith({ authorization });
  // [name, path, init, answered by the query batch (query-batch.ts) rather than resolveResponse]
  const cases: [string, string, RequestInit | undefined, boolean][] = [
    ['one query', `/hello?input=${input([{ name: 'ada' }])}`, undefined, false],
    ['a batch', batch('hello,secret', [{ name: 'ada' }, null]), undefined, true],
    [
      'a signed-in batch',
      batch('hello,secret', [{ name: 'ada' }, null]),
      { headers: { authorization: 'maya' } },
      true,
    ],
    ['a batch of one', batch('hello', [{ name: 'ada' }]), undefined, true],
    ['a batch with no input', '/secret,secret?batch=1', undefined, true],
    ['bad input', `/hello?input=${input([{ name: 'far too long a name' }])}`, undefined, false],
    ['a batch with bad input', batch('hello', [{ name: 'far too long a name' }]), undefined, true],
    ['input that is not JSON', '/hello?input=%7Bnope', undefined, false],
    ['a batch whose input is not JSON', '/hello,secret?batch=1&input=%7Bnope', undefined, true],
    ['a batch whose input is not an object', '/hello?batch=1&input=3', undefined, true],
    ['an unknown procedure', '/nowhere?input=%7B%7D', undefined, false],
    ['a batch naming an unknown procedure', batch('hello,nowhere', [{}, {}]), undefined, false],
    ['a procedure that fails', '/broken', undefined, false],
    ['a batch with a procedure that fails', batch('broken,secret', [null, null]), undefined, true],
    ['answers only superjson can carry', batch('kinds', [null]), undefined, true],
    ['an answer with a promise in it', batch('later,count', [null, null]), undefined, true],
    [
      'an error the formatter cannot format',
      batch('unformattable,hello', [null, { name: 'ada' }]),
      undefined,
      true,
    ],
    [
      'a context that cannot be made',
      batch('hello,secret', [{ name: 'ada' }, null]),
      { headers: { 'x-no-context': '1' } },
      true,
    ],
    ['a status, repeated headers and cookies from responseMeta', ...helloAs('meta')],
    ['an escaped path', batch('hel%6Co,secret', [{ name: 'ada' }, null]), undefined, true],
    ['a malformed escape in the path', batch('hel%ZZo', [{ name: 'ada' }]), undefined, false],
    [
      'a batch over the limit',
      batch('hello,hello,hello,hello', [{}, {}, {}, {}]),
      undefined,
      false,
    ],
    ['a query sent as POST', '/secret', { method: 'POST', body: '{}' }, false],
    [
      'a mutation',
      '/save',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { text: 'hi' } }),
      },
      false,
    ],
    [
      'a body over the limit',
      '/save',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { text: 'x'.repeat(500) } }),
      },
      false,
    ],
    ['a mutation sent as GET', `/save?input=${input([{ text: 'hi' }])}`, undefined, false],
    ['a batched mutation sent as GET', batch('save', [{ text: 'hi' }]), undefined, false],
    [
      'a query and a mutation in one batch',
      batch('hello,save', [{ name: 'ada' }, { text: 'hi' }]),
      undefined,
      false,
    ],
    [
      'a batch asked for as JSON lines through accept',
      ...helloWith({ accept: 'text/plain, application/jsonl' }, false),
    ],
    [
      'a batch asking for plain JSON through trpc-accept',
      ...helloWith({ 'trpc-accept': 'application/json', accept: 'application/jsonl' }),
    ],
    ['HEAD', '/hello', { method: 'HEAD' }, false],
    [
      'an answer the transformer cannot serialise',
      batch('unserialisable,hello', [null, { name: 'ada' }]),
      undefined,
      true,
    ],
    [
      'headers from responseMeta as an object: lists, cookies, one replaced',
      ...helloAs('meta-object'),
    ],
    ['a header value from responseMeta with spaces around it', ...helloAs('meta-padded')],
    ['a header value from responseMeta that a Response refuses', ...helloAs('meta-bad-header')],
    ['a status from responseMeta that carries no body (204)', ...helloAs('meta-204')],
    ['a status from responseMeta outside 200–599', ...helloAs('meta-600')],
    [
      'a status set by createContext, one call',
      `/hello?input=${input([{ name: 'ada' }])}`,
      { headers: { 'x-created': '1' } },
      false,
    ],
    ['a status set by createContext', ...helloWith({ 'x-created': '1' })],
    [
      'a batch with connection params',
      `${batch('secret', [null])}&connectionParams=${encodeURIComponent('{"a":"b"}')}`,
      undefined,
      true,
    ],
    [
      'a batch with connection params that are not JSON',
      `${batch('secret', [null])}&connectionParams=nope`,
      undefined,
      false,
    ],
    [
      'a GET batch labelled multipart/form-data',
      ...helloWith({ 'content-type': 'multipart/form-data; boundary=x' }, false),
    ],
    ['a GET batch labelled application/json', ...helloWith({ 'content-type': 'application/json' })],
    ['a batch with an empty path segment', batch('hello,', [{ name: 'ada' }]), undefined, false],
    [
      'a batch with an escaped comma',
      batch('hello%2Csecret', [{ name: 'ada' }, null]),
      undefined,
      true,
    ],
  ];
  for (const [name, path, init, fast] of cases)
    it(`${name} (${fast ? 'the query batch' : 'resolveResponse'})`, async () => {
      const [theirs, ours] = await both(path, init);
      expect(ours).toEqual(theirs);
      const alone = await queryBatchAlone(path, init);
      if (fast) {
        expect(alone).toEqual(theirs);
        expect(errors[2]).toEqual(errors[0]);
      } else expect(alone).toBe('declined');
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

  it('a Host header with credentials, which a Fetch Request refuses: tRPC’s answer (declined)', async () => {
    // tRPC's message names the URL: the servers differ only in their port.
    const noPort = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, 'HOST');
    const raw = (base: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(`${base}${batch('hello', [{ name: 'ada' }])}`);
        const request = httpRequest(
          url,
          { headers: { host: `user:secret@${url.host}` } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            // tRPC's message names the URL: the servers differ only in their port.
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                body: body.replaceAll(url.port, 'PORT'),
              }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      });
    errors[0] = [];
    errors[1] = [];
    const theirs = await raw(bases[0] ?? '');
    const ours = await raw(bases[1] ?? '');
    expect(theirs.status).toBe(500);
    expect(ours).toEqual(theirs);
    expect(errors[1]?.map(noPort)).toEqual(errors[0]?.map(noPort));
    ran.contexts = 0;
    expect(await raw(bases[2] ?? '')).toEqual({ status: 599, body: 'declined' });
    expect(ran.contexts).toBe(0);
  });

  it('aborts a query’s signal when its caller leaves (the query batch)', async () => {
    const started = new Promise<void>((resolve) => (waiting.started = resolve));
    const aborted = new Promise<void>((resolve) => (waiting.aborted = resolve));
    const caller = new AbortController();
    const request = fetch(`${bases[1]}${batch('waits', [null])}`, { signal: caller.signal });
    await started;
    caller.abort();
    await expect(request).rejects.toThrow('aborted');
    await aborted; // the test times out if the signal never aborts
  });
});
