import { expect, it } from 'vitest';
import type { Db } from '~/server/db/client';
import { createSystemService } from './service';

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
  const service = createSystemService(up, () => new Date('2026-11-22T10:00:00Z'), {
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
  const second = await service.status();
  expect(second[3]).toMatchObject({ ok: true, lastError: 'Account Manager answered 503' });
  expect(second[3]?.latencyMs).toEqual(expect.any(Number));
});
