import { expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createSystemService } from './system';

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
