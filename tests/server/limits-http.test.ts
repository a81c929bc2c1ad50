/**
 * A call over its limit, as a browser sees it (docs/security.md, rule 6): HTTP 429 with Retry-After,
 * tRPC's error shape with the reason and the message.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateLimitedMessage } from '~/domain/shared/rate-limits';
import { SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    callLimits: {
      call: { perUser: 2, perOrg: 100 },
      model: { perUser: 1, perOrg: 10 },
      instance: { perUser: 1, perOrg: 10 },
    },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

it('answers 429 with Retry-After and the reason once a person is over their limit', async () => {
  const cookie = await server.sessionCookieFor(SEED_USERS.maya.id);
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { orgId: SEED_ORGS.acme.id } } }));
  const url = `${server.url}/trpc/envs.list?batch=1&input=${input}`;
  for (let i = 0; i < 2; i++) {
    const ok = await fetch(url, { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('retry-after')).toBeNull();
  }
  const refused = await fetch(url, { headers: { cookie } });
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const [body] = (await refused.json()) as {
    error: { json: { message: string; data: { code: string; reason: string } } };
  }[];
  expect(body!.error.json.data).toMatchObject({
    code: 'TOO_MANY_REQUESTS',
    reason: 'rate-limited',
  });
  expect(body!.error.json.message).toMatch(/^Too many requests from you in the last minute\./);
  expect(body!.error.json.message).toBe(
    rateLimitedMessage('user', 'call', Number(/in (\d+) s/.exec(body!.error.json.message)![1])),
  );
});
