/**
 * Fuzz: thousands of random and malformed requests across every procedure of appRouter, signed out
 * and signed in (member and superuser). The server must answer each with a tRPC error or a result,
 * never a 5xx, and malformed ones with a 4xx; afterwards /healthz still answers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED_ENVS, SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { appRouter } from '~/server/trpc/router';
import { startTestServer, type TestServer } from './support/test-server';

const CONCURRENCY = 8;
/** Every procedure must be named by at least this many requests, and answered for by tRPC this often. */
const MIN_SENT_PER_PROCEDURE = 60;
const MIN_ANSWERED_PER_PROCEDURE = 20;

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription' };
}
/**
 * Procedures that end the caller's own sessions whatever the input: fuzzed, they would sign the member
 * and the superuser out for the rest of the run, and every later call of theirs would test only the
 * signed-out path. Their rules are tested in server/account/account.test.ts.
 */
const ENDS_OWN_SESSIONS = new Set(['account.signOutEverywhere']);
const procedures = Object.entries(
  (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures,
)
  .filter(([path]) => !ENDS_OWN_SESSIONS.has(path))
  .map(([path, p]) => ({ path, type: p._def.type }));
/** Requests in all: enough that each procedure gets its share as the router grows (about 60 each). */
const RUNS = Math.max(2_400, procedures.length * 80);

const FIELDS = [
  'orgId',
  'orgSlug',
  'envSlug',
  'envId',
  'id',
  'instanceId',
  'b2cInstanceId',
  'capability',
  'email',
  'token',
  'name',
  'slug',
  'userId',
  'invitationId',
  'promptId',
  'runId',
  'proposalId',
  'pageId',
  'answerId',
  'question',
  'text',
  '__proto__',
  'constructor',
];
// Real org and env ids (so env-scoped procedures such as the analyst's and landing pages' get past
// the org guard to their env and child ids), and ids no row has or PostgreSQL cannot store.
const knownIds = [
  ...Object.values(SEED_ORGS).map((o) => o.id),
  ...Object.values(SEED_ENVS).map((e) => e.id),
  'no-such-id',
  'nul\u0000id',
];

const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '\u0000', '😀', '%', '"'),
    fc.integer({ min: 1_000, max: 20_000 }),
  )
  .map(([c, n]) => c.repeat(n));
const fieldValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(...knownIds, 'ocapi-data', 'webdav', 'acme', 'prod', '', ' ', 'a@b.c'),
  hugeString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const inputValue = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(undefined),
);

/** superjson envelopes: valid, missing, and with meta that points at nothing or names odd types. */
const badMeta = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    values: fc.dictionary(
      fc.constantFrom('', 'orgId', 'a.b', '__proto__', 'constructor.prototype', '0'),
      fc.oneof(
        fc.constantFrom(
          'Date',
          'bigint',
          'set',
          'map',
          'regexp',
          'Error',
          'undefined',
          'number',
          'symbol',
          'URL',
        ),
        fc.tuple(
          fc.constantFrom('class', 'custom', 'symbol', 'typed-array'),
          fc.string({ maxLength: 8 }),
        ),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      { maxKeys: 3 },
    ),
    referentialEqualities: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
  }),
);
const encodedInput = fc.oneof(
  { weight: 4, arbitrary: inputValue.map((v) => JSON.stringify({ json: v })) },
  {
    weight: 2,
    arbitrary: fc.tuple(inputValue, badMeta).map(([v, meta]) => JSON.stringify({ json: v, meta })),
  },
  { weight: 1, arbitrary: inputValue.map((v) => JSON.stringify(v) ?? '') },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{',
      '{"json":',
      '[',
      'null',
      '"x"',
      '{"0":{"json":1}}',
      'undefined',
      'NaN',
    ),
  },
);

const procedure = fc.constantFrom(...procedures);
const unknownPath = fc.oneof(
  fc.constantFrom(
    'nope',
    'orgs',
    'orgs.',
    '.orgs',
    'orgs.nope',
    '__proto__',
    'constructor',
    'orgs.__proto__',
    'orgs.getContext.x',
    '',
  ),
  fc.stringMatching(/^[a-zA-Z_$-][a-zA-Z._$-]{0,29}$/),
);

type Identity = 'none' | 'member' | 'superuser' | 'garbage';
type Spec =
  | {
      kind: 'single';
      method: 'GET' | 'POST';
      path: string;
      input: string | null;
      malformed: boolean;
    }
  | { kind: 'batch'; method: 'GET' | 'POST'; paths: string[]; input: string; malformed: boolean }
  | { kind: 'raw'; method: string; url: string; contentType: string; body: string | null };

const single = fc
  .record({
    proc: fc.oneof(
      { weight: 6, arbitrary: procedure.map((p) => ({ ...p, known: true })) },
      {
        weight: 1,
        arbitrary: unknownPath.map((path) => ({ path, type: 'query' as const, known: false })),
      },
    ),
    input: fc.option(encodedInput, { nil: null }),
    wrongMethod: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
  })
  .map(({ proc, input, wrongMethod }): Spec => {
    const natural = proc.type === 'mutation' ? 'POST' : 'GET';
    const method = wrongMethod ? (natural === 'GET' ? 'POST' : 'GET') : natural;
    return { kind: 'single', method, path: proc.path, input, malformed: !proc.known };
  });

const batch = fc
  .record({
    paths: fc.array(
      fc.oneof(
        { weight: 5, arbitrary: procedure.map((p) => p.path) },
        { weight: 1, arbitrary: unknownPath },
      ),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
    mutation: fc.boolean(),
    items: fc.array(
      fc.tuple(
        fc.oneof(fc.nat(8).map(String), fc.constantFrom('-1', 'x', '__proto__')),
        inputValue,
      ),
      { maxLength: 6 },
    ),
    rawInput: fc.option(encodedInput, { nil: null }),
  })
  .map(({ paths, mutation, items, rawInput }): Spec => {
    const input =
      rawInput ?? JSON.stringify(Object.fromEntries(items.map(([k, v]) => [k, { json: v }])));
    return { kind: 'batch', method: mutation ? 'POST' : 'GET', paths, input, malformed: false };
  });

const raw = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    path: fc.oneof(
      procedure.map((p) => `/trpc/${p.path}`),
      fc.constantFrom(
        '/trpc',
        '/trpc/',
        '/trpc/orgs.getContext,,envs.list',
        '/trpc/a%00b',
        '/trpc/%E0%A4%A',
        '/trpc/orgs.getContext%2Cenvs.list',
      ),
    ),
    query: fc.constantFrom(
      '',
      '?batch=1',
      '?batch=true',
      '?batch=1&input=',
      '?input=%7B',
      '?batch=1&input=[1,2]',
      '?input=1&input=2',
      '?batch[]=1',
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/JSON',
      '',
    ),
    body: fc.option(fc.oneof(encodedInput, hugeString), { nil: null }),
  })
  .map(({ method, path, query, contentType, body }): Spec => ({
    kind: 'raw',
    method,
    url: `${path}${query}`,
    contentType,
    body: method === 'GET' || method === 'HEAD' ? null : body,
  }));

const request = fc.record({
  spec: fc.oneof(
    { weight: 5, arbitrary: single },
    { weight: 3, arbitrary: batch },
    { weight: 2, arbitrary: raw },
  ),
  identity: fc.constantFrom<Identity>('none', 'member', 'superuser', 'garbage'),
});

let t: TestServer;
let cookies: Record<Identity, string | undefined>;

beforeAll(async () => {
  t = await startTestServer();
  cookies = {
    none: undefined,
    member: await t.sessionCookieFor(SEED_USERS.maya.id),
    superuser: await t.sessionCookieFor(SEED_USERS.ada.id),
    garbage: `${t.auth.sessionCookieName}=%E0%A4%A; other=1`,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function toRequest(spec: Spec, cookie: string | undefined): { url: string; init: RequestInit } {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (spec.kind === 'raw') {
    if (spec.contentType) headers['content-type'] = spec.contentType;
    return { url: spec.url, init: { method: spec.method, headers, body: spec.body } };
  }
  const path = spec.kind === 'batch' ? spec.paths.join(',') : spec.path;
  const batchQuery = spec.kind === 'batch' ? 'batch=1' : '';
  if (spec.method === 'GET') {
    const q = [batchQuery, spec.input !== null ? `input=${encodeURIComponent(spec.input)}` : '']
      .filter(Boolean)
      .join('&');
    return { url: `/trpc/${path}${q ? `?${q}` : ''}`, init: { method: 'GET', headers } };
  }
  headers['content-type'] = 'application/json';
  return {
    url: `/trpc/${path}${batchQuery ? `?${batchQuery}` : ''}`,
    init: { method: 'POST', headers, body: spec.input ?? '' },
  };
}

interface Failure {
  why: string;
  where: string;
  identity: Identity;
  status: number;
  input: string;
  body: string;
}

/** The procedures a request names, in batch order (raw requests: from the URL). */
function namedPaths(spec: Spec): string[] {
  if (spec.kind === 'single') return [spec.path];
  if (spec.kind === 'batch') return spec.paths;
  try {
    return decodeURIComponent(spec.url.split('?')[0]!.replace(/^\/trpc\/?/, '')).split(',');
  } catch {
    return [];
  }
}

/**
 * The procedures tRPC itself answered for: a result item, or an error item naming the path. Items line
 * up with the batch's paths; a request refused before tRPC (415, 405, 413) answers for none.
 */
function answeredPaths(spec: Spec, text: string): string[] {
  if (spec.kind === 'raw') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const paths = namedPaths(spec);
  const items = Array.isArray(body) ? body : [body];
  if (items.length !== paths.length) return [];
  return paths.filter((path, i) => {
    const item = items[i] as { result?: unknown; error?: { json?: { data?: { path?: string } } } };
    return 'result' in item || item.error?.json?.data?.path === path;
  });
}

function problem(spec: Spec, status: number, text: string): string | null {
  if (status >= 500) return 'a 5xx';
  // Node refuses an oversized URL or header block itself, before any handler.
  if (status === 431 || status === 414) return null;
  if (status < 400 && spec.kind !== 'raw' && spec.malformed) return 'a malformed request succeeded';
  if (status === 204 || (spec.kind === 'raw' && spec.method === 'HEAD')) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a body that is not JSON';
  }
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) {
    const o = item as { error?: { json?: { data?: { httpStatus?: number } } }; result?: unknown };
    if (o.error) {
      const httpStatus = o.error.json?.data?.httpStatus;
      if (typeof httpStatus !== 'number' || httpStatus >= 500 || httpStatus < 400)
        return 'an error item that is not a 4xx tRPC error';
    } else if (!('result' in o)) {
      return 'an item that is neither a result nor a tRPC error';
    }
  }
  if (status >= 400 && items.some((i) => !(i as { error?: unknown }).error))
    return 'a 4xx without a tRPC error';
  return null;
}

it(`answers ${RUNS} random and malformed requests across ${procedures.length} procedures without a 5xx`, async () => {
  expect(procedures.length).toBeGreaterThanOrEqual(20);
  const samples = fc.sample(request, {
    numRuns: RUNS,
    seed: Number(process.env.FUZZ_SEED ?? 20261122),
  });
  expect(samples.length).toBeGreaterThanOrEqual(2_000);
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const known = new Set(procedures.map((p) => p.path));
  const sent = new Map(procedures.map((p) => [p.path, 0]));
  const answered = new Map(procedures.map((p) => [p.path, 0]));
  const tally = (counts: Map<string, number>, paths: string[]) => {
    for (const path of new Set(paths))
      if (known.has(path)) counts.set(path, (counts.get(path) ?? 0) + 1);
  };
  let next = 0;
  async function worker() {
    while (next < samples.length) {
      const { spec, identity } = samples[next++]!;
      const { url, init } = toRequest(spec, cookies[identity]);
      const res = await fetch(`${t.url}${url}`, { ...init, redirect: 'manual' });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      tally(sent, namedPaths(spec));
      tally(answered, answeredPaths(spec, text));
      const why = problem(spec, res.status, text);
      if (why) {
        const where =
          spec.kind === 'raw'
            ? `${spec.method} ${spec.url}`
            : `${spec.method} ${spec.kind === 'batch' ? spec.paths.join(',') : spec.path}`;
        const input = spec.kind === 'raw' ? spec.body : spec.input;
        failures.push({
          why,
          where,
          identity,
          status: res.status,
          input: String(input).slice(0, 200),
          body: text.slice(0, 300),
        });
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  expect(failures.slice(0, 5)).toEqual([]);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(samples.length);
  // Every procedure got its share of inputs, and tRPC answered for each (not only the pre-filters).
  const below = (counts: Map<string, number>, min: number) =>
    Object.fromEntries([...counts].filter(([, n]) => n < min));
  expect(below(sent, MIN_SENT_PER_PROCEDURE)).toEqual({});
  expect(below(answered, MIN_ANSWERED_PER_PROCEDURE)).toEqual({});
  if (process.env.FUZZ_REPORT)
    console.info(Object.fromEntries([...sent].map(([p, n]) => [p, [n, answered.get(p)]])));
  // The fuzz reached the procedures: most answers are tRPC errors, some are results.
  const count = (pred: (s: number) => boolean) =>
    [...statuses].filter(([s]) => pred(s)).reduce((n, [, c]) => n + c, 0);
  expect(count((s) => s >= 400 && s < 500)).toBeGreaterThan(RUNS / 2);
  expect(count((s) => s === 200 || s === 207)).toBeGreaterThan(0);

  const health = await fetch(`${t.url}/healthz`);
  expect(health.status).toBe(200);
}, 180_000);
