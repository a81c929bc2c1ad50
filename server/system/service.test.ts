import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { HIDDEN_ERROR } from '~/domain/system/entities';
import type { Db } from '~/server/db/client';
import { createSecrets } from '~/server/secrets';
import { createServices } from '~/server/services';
import { fakeGateway } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { createSystemService, STATUS_CACHE_MS } from './service';

it('status: a failing database is reported, not thrown', async () => {
  const down = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
  const checks = await createSystemService(down).status();
  expect(checks.find((c) => c.name === 'database')).toMatchObject({
    ok: false,
    latencyMs: null,
    lastError: 'connection refused',
  });
  expect(checks.find((c) => c.name === 'server')?.ok).toBe(true);
});

it('status: probes report each part in order, and a recovered part keeps its last error', async () => {
  const up = { execute: () => Promise.resolve() } as unknown as Db;
  let b2cDown = true;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  const service = createSystemService(up, () => new Date(clock), {
    websocket: async () => {},
    b2c: async () => {
      if (b2cDown) throw new Error('Account Manager answered 503');
    },
    'identity-provider': async () => {},
  });
  const first = await service.status();
  expect(first.map((c) => [c.name, c.ok])).toEqual([
    ['server', true],
    ['database', true],
    ['identity-provider', true],
    ['b2c', false],
    ['websocket', true],
  ]);
  expect(first[3]).toMatchObject({ latencyMs: null, lastError: 'Account Manager answered 503' });
  b2cDown = false;
  // The next report, once the last one is no longer served.
  clock += STATUS_CACHE_MS;
  const second = await service.status();
  expect(second[3]).toMatchObject({ ok: true, lastError: 'Account Manager answered 503' });
  expect(second[3]?.latencyMs).toEqual(expect.any(Number));
});

it('status: one report answers every caller for STATUS_CACHE_MS, and callers at once share one round of probes', async () => {
  let queries = 0;
  let probes = 0;
  const db = {
    execute: () => {
      queries += 1;
      return Promise.resolve();
    },
  } as unknown as Db;
  let clock = Date.parse('2026-11-22T10:00:00Z');
  const service = createSystemService(db, () => new Date(clock), {
    b2c: async () => {
      probes += 1;
    },
  });
  const [a, b] = await Promise.all([service.status(), service.status()]);
  expect(b).toBe(a);
  clock += STATUS_CACHE_MS - 1;
  expect(await service.status()).toBe(a);
  expect({ queries, probes }).toEqual({ queries: 1, probes: 1 });
  clock += 1;
  expect(await service.status()).not.toBe(a);
  expect({ queries, probes }).toEqual({ queries: 2, probes: 2 });
});

it('system.status and statusUpdates: a raw error (hosts, drivers) is for superusers; a member sees that a part failed, not why', async () => {
  const down = { execute: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:5432')) };
  const services = createServices({
    db: down as unknown as Db,
    b2c: fakeGateway().gateway,
    secrets: createSecrets(randomBytes(32)),
  });
  const as = (isSuperUser: boolean) =>
    createCallerFactory(appRouter)({
      user: { id: 'u', name: 'U', email: 'u@example.test', isSuperUser },
      services,
      requestId: 'status',
    } satisfies Context);
  const database = (checks: { name: string; ok: boolean; lastError: string | null }[]) =>
    checks.find((c) => c.name === 'database');

  expect(database(await as(false).system.status())).toMatchObject({
    ok: false,
    lastError: HIDDEN_ERROR,
  });
  expect(database(await as(true).system.status())).toMatchObject({
    ok: false,
    lastError: 'connect ECONNREFUSED 10.0.0.7:5432',
  });
  // A part without an error has nothing to hide.
  expect((await as(false).system.status()).find((c) => c.name === 'server')?.lastError).toBeNull();

  const first = async (isSuperUser: boolean) => {
    const updates = (await as(isSuperUser).system.statusUpdates())[Symbol.asyncIterator]();
    const { value } = await updates.next();
    await updates.return?.();
    return database(value as never);
  };
  expect(await first(false)).toMatchObject({ lastError: HIDDEN_ERROR });
  expect(await first(true)).toMatchObject({ lastError: 'connect ECONNREFUSED 10.0.0.7:5432' });
});
