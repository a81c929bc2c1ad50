import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { b2cInstances, envs, memberships, orgs } from './db/schema';
import { describeEachDriver } from './db/test-db';
import { createReadThroughCache } from './read-through-cache';
import {
  addEnv,
  domainError,
  makeOrg,
  makeUser,
  linkedToAccountManager,
  signedInToAccountManager,
  testServices,
  uniq,
} from './test-support';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createReadThroughCache', () => {
  it('loads once, serves from memory until the TTL passes, then loads again', async () => {
    let now = 0;
    const cache = createReadThroughCache<number>({
      ttlMs: 1000,
      refreshAfterMs: 1000,
      now: () => now,
    });
    const load = vi.fn(async () => 42);
    expect(await cache.get('k', load)).toBe(42);
    expect(await cache.get('k', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    now = 999;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1000;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('past half its TTL a hit is served as it is and reloaded once in the background', async () => {
    let now = 0;
    const cache = createReadThroughCache<string>({ ttlMs: 1000, now: () => now });
    expect(await cache.get('k', async () => 'v1')).toBe('v1');
    now = 499;
    const untouched = vi.fn(async () => 'never');
    expect(await cache.get('k', untouched)).toBe('v1');
    expect(untouched).not.toHaveBeenCalled();

    now = 500;
    const reload = deferred<string>();
    const load = vi.fn(() => reload.promise);
    // Served at once while the reload runs; hits meanwhile do not start another.
    expect(await cache.get('k', load)).toBe('v1');
    expect(await cache.get('k', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    reload.resolve('v2');
    await reload.promise;
    expect(await cache.get('k', untouched)).toBe('v2');
    // The reloaded value has a life of its own, counted from the reload (due again at 1000).
    now = 999;
    expect(await cache.get('k', untouched)).toBe('v2');
    expect(untouched).not.toHaveBeenCalled();
  });

  it('never serves a value past its TTL: at expiry callers wait for the running reload', async () => {
    let now = 0;
    const cache = createReadThroughCache<string>({ ttlMs: 1000, now: () => now });
    await cache.get('k', async () => 'old');
    now = 600;
    const reload = deferred<string>();
    expect(await cache.get('k', () => reload.promise)).toBe('old');
    now = 1000;
    const waiting = cache.get('k', async () => 'second load');
    reload.resolve('new');
    expect(await waiting).toBe('new');
  });

  it('a failed background reload keeps the value until its TTL, then the error reaches the caller', async () => {
    let now = 0;
    const cache = createReadThroughCache<string>({ ttlMs: 1000, now: () => now });
    await cache.get('k', async () => 'kept');
    now = 700;
    const down = () => Promise.reject(new Error('database down'));
    expect(await cache.get('k', down)).toBe('kept');
    await Promise.resolve();
    // Each later hit tries again in the background, and still serves the value meanwhile.
    expect(await cache.get('k', down)).toBe('kept');
    now = 1000;
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
  });

  it('a background reload that raced an invalidation does not put the old value back', async () => {
    let now = 0;
    const cache = createReadThroughCache<string>({ ttlMs: 1000, now: () => now });
    await cache.get('k', async () => 'old');
    now = 600;
    const reload = deferred<string>();
    await cache.get('k', () => reload.promise);
    cache.invalidate('k');
    reload.resolve('read before the change');
    await reload.promise;
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('never serves a value past its own expiry (expiresAt), even inside the TTL', async () => {
    let now = 1_000;
    const cache = createReadThroughCache<{ name: string; expires?: number }>({
      ttlMs: 10_000,
      expiresAt: (value) => value.expires,
      now: () => now,
    });
    await cache.get('short', async () => ({ name: 'ends at 3000', expires: 3_000 }));
    await cache.get('plain', async () => ({ name: 'no expiry' }));
    await cache.get('bad', async () => ({ name: 'unparsable expiry', expires: Number.NaN }));
    expect(cache.peek('short')?.name).toBe('ends at 3000');
    now = 3_000;
    expect(cache.peek('short')).toBeUndefined();
    expect(await cache.get('short', async () => ({ name: 'looked up again' }))).toEqual({
      name: 'looked up again',
    });
    // Without an expiry of their own (or a number that is none), values live for the TTL.
    now = 10_999;
    expect(cache.peek('plain')?.name).toBe('no expiry');
    expect(cache.peek('bad')?.name).toBe('unparsable expiry');
    now = 11_000;
    expect(cache.peek('plain')).toBeUndefined();
    expect(cache.peek('bad')).toBeUndefined();
  });

  it('peek answers from memory only: no load, no refresh, nothing for a missing key', async () => {
    let now = 0;
    const cache = createReadThroughCache<string>({ ttlMs: 1000, now: () => now });
    expect(cache.peek('k')).toBeUndefined();
    const load = vi.fn(async () => 'v');
    await cache.get('k', load);
    now = 900; // due for a refresh, which only `get` starts
    expect(cache.peek('k')).toBe('v');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed background reload is reported to onBackgroundError; the caller still gets the value', async () => {
    let now = 0;
    const failures: unknown[] = [];
    const cache = createReadThroughCache<string>({
      ttlMs: 1000,
      now: () => now,
      onBackgroundError: (error) => failures.push(error),
    });
    await cache.get('k', async () => 'kept');
    now = 600;
    expect(await cache.get('k', () => Promise.reject(new Error('database down')))).toBe('kept');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failures).toEqual([new Error('database down')]);
  });

  it('invalidateWhere forgets the matching keys only', async () => {
    const cache = createReadThroughCache<string>();
    await cache.get('user1\u0000orgA', async () => 'a');
    await cache.get('user2\u0000orgA', async () => 'b');
    await cache.get('user1\u0000orgB', async () => 'c');
    cache.invalidateWhere((key) => key.endsWith('\u0000orgA'));
    expect(await cache.get('user1\u0000orgA', async () => 'a2')).toBe('a2');
    expect(await cache.get('user2\u0000orgA', async () => 'b2')).toBe('b2');
    expect(await cache.get('user1\u0000orgB', async () => 'c2')).toBe('c');
  });

  it('concurrent misses share one load; a rejection is not cached', async () => {
    const cache = createReadThroughCache<string>();
    const first = deferred<string>();
    const load = vi.fn(() => first.promise);
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    first.reject(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('invalidate: one key or everything', async () => {
    const cache = createReadThroughCache<string>();
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.invalidate('a');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    cache.invalidate();
    expect(await cache.get('b', async () => 'b3')).toBe('b3');
  });

  it('a load that started before an invalidation is neither cached nor shared afterwards', async () => {
    const cache = createReadThroughCache<string>();
    const slow = deferred<string>();
    const before = cache.get('k', () => slow.promise);
    cache.invalidate('k');
    // A caller after the change must not join the load that may have read the old row.
    expect(await cache.get('k', async () => 'new')).toBe('new');
    slow.resolve('old');
    expect(await before).toBe('old');
    expect(await cache.get('k', async () => 'newer')).toBe('new');

    const other = deferred<string>();
    const racing = cache.get('x', () => other.promise);
    cache.invalidate('unrelated');
    other.resolve('maybe-old');
    await racing;
    expect(await cache.get('x', async () => 'fresh')).toBe('fresh');
  });

  it('drops the oldest entry at the size limit; values are frozen', async () => {
    const cache = createReadThroughCache<{ n: number; list: number[] }>({ maxEntries: 2 });
    const value = await cache.get('a', async () => ({ n: 1, list: [1] }));
    expect(Object.isFrozen(value) && Object.isFrozen(value.list)).toBe(true);
    expect(() => value.list.push(2)).toThrow(TypeError);
    await cache.get('b', async () => ({ n: 2, list: [] }));
    await cache.get('c', async () => ({ n: 3, list: [] }));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => ({ n: 9, list: [] }))).n).toBe(9);
  });

  it('ttlMs 0 caches nothing', async () => {
    const cache = createReadThroughCache<number>({ ttlMs: 0 });
    const load = vi.fn(async () => 1);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describeEachDriver('services never serve cached org/env data after a change', (get) => {
  const db = () => get().db;

  async function memberOrg() {
    const harness = testServices(db());
    const user = await makeUser(db());
    const org = await makeOrg(db(), { members: [{ user, role: 'owner' }] });
    await addEnv(db(), org.id, 'prod');
    await linkedToAccountManager(db(), org.id);
    await signedInToAccountManager(db(), harness.secrets, user.id);
    return { ...harness, user, org };
  }

  it('envs.create → envs.list, getContext and bestRedirectForUser show the new env', async () => {
    const { services, user, org } = await memberOrg();
    expect((await services.envs.list(org.id)).map((e) => e.slug)).toEqual(['prod']);
    expect(await domainError(services.orgs.getContext(user, org.slug, 'aaa'))).toMatchObject({
      kind: 'NOT_FOUND',
      reason: 'env-not-found',
    });
    expect((await services.orgs.bestRedirectForUser(user, org.slug)).env?.slug).toBe('prod');

    await services.envs.create(org.id, { name: 'AAA', slug: 'aaa' });
    expect((await services.envs.list(org.id)).map((e) => e.slug)).toEqual(['aaa', 'prod']);
    expect((await services.orgs.getContext(user, org.slug, 'aaa')).env.slug).toBe('aaa');
    expect((await services.orgs.bestRedirectForUser(user, org.slug)).env?.slug).toBe('aaa');
  });

  it('envs.create on an org with no envs: the list was [] and now has the env', async () => {
    const { services } = testServices(db());
    const org = await makeOrg(db());
    expect(await services.envs.list(org.id)).toEqual([]);
    await services.envs.create(org.id, { name: 'Dev', slug: 'dev' });
    expect((await services.envs.list(org.id)).map((e) => e.slug)).toEqual(['dev']);
  });

  it('orgs.verify → getContext shows the org verified', async () => {
    const { services, user, org } = await memberOrg();
    expect((await services.orgs.getContext(user, org.slug, 'prod')).org.verified).toBe(false);
    await services.orgs.verify(org.id);
    expect((await services.orgs.getContext(user, org.slug, 'prod')).org.verified).toBe(true);
  });

  it('orgs.create → getContext finds a slug that was looked up (and missing) before', async () => {
    const { services } = testServices(db());
    const admin = await makeUser(db(), { isSuperUser: true });
    const slug = uniq('later');
    expect(await domainError(services.orgs.getContext(admin, slug, 'prod'))).toMatchObject({
      kind: 'FORBIDDEN',
    });
    const org = await services.orgs.create(admin, { name: 'Later', slug });
    expect(await services.envs.list(org.id)).toEqual([]);
    await services.envs.create(org.id, { name: 'Prod', slug: 'prod' });
    expect((await services.orgs.getContext(admin, slug, 'prod')).org).toEqual(org);
  });

  it('membership is still checked on every call: removing a member stops getContext at once', async () => {
    const { services, user, org } = await memberOrg();
    const other = await makeUser(db());
    await services.access.roleInOrg(other.id, org.id);
    await expect(services.orgs.getContext(other, org.slug, 'prod')).rejects.toMatchObject({
      kind: 'FORBIDDEN',
    });
    await db().insert(memberships).values({ userId: other.id, orgId: org.id, role: 'member' });
    services.access.invalidate({ userId: other.id, orgId: org.id });
    expect((await services.orgs.getContext(other, org.slug, 'prod')).org.id).toBe(org.id);
    await services.members.remove(user, org.id, other.id);
    await expect(services.orgs.getContext(other, org.slug, 'prod')).rejects.toMatchObject({
      kind: 'FORBIDDEN',
    });
    expect((await services.orgs.getContext(user, org.slug, 'prod')).org.id).toBe(org.id);
  });

  it('b2cInstances.sync → the env’s instance summary follows the renamed instance', async () => {
    const { services, state, user, org } = await memberOrg();
    const linked = await addEnv(db(), org.id, 'linked', { onboarded: false });
    const [instance] = await db()
      .select()
      .from(b2cInstances)
      .where(eq(b2cInstances.id, linked.b2cInstanceId!));
    const summary = async () =>
      (await services.envs.list(org.id)).find((e) => e.slug === 'linked')?.b2cInstance;
    expect((await summary())?.instanceId).toBe('linked_001');
    expect(
      (await services.orgs.getContext(user, org.slug, 'linked')).env.b2cInstance?.instanceId,
    ).toBe('linked_001');
    state.instances = [
      {
        externalInstanceId: instance!.externalInstanceId!,
        instanceId: 'renamed_001',
        host: 'renamed.example.test',
        tenantType: 'sandbox',
      },
    ];
    await services.b2cInstances.sync(org.id, user.id);
    expect((await summary())?.instanceId).toBe('renamed_001');
    expect(
      (await services.orgs.getContext(user, org.slug, 'linked')).env.b2cInstance?.instanceId,
    ).toBe('renamed_001');
  });

  it('b2cInstances.verifyOnboarded → envs.list and getContext show the onboarded instance', async () => {
    const { services, state, user, org } = await memberOrg();
    state.instances = [
      {
        externalInstanceId: uniq('ext'),
        instanceId: 'zzte_001',
        host: 'zzte-001.example.test',
        tenantType: 'sandbox',
      },
    ];
    const [instance] = await services.b2cInstances.sync(org.id, user.id);
    const prod = (await services.envs.list(org.id)).find((e) => e.slug === 'prod')!;
    expect(prod.b2cInstance).toBeNull();
    expect((await services.orgs.getContext(user, org.slug, 'prod')).env.b2cInstance).toBeNull();
    await services.b2cAPIClients.getOrCreate(org.id, user.id);
    for (const c of ['ocapi-data', 'ocapi-shop', 'webdav'] as const) {
      await services.b2cAPIClients.verify(org.id, instance!.id, c);
    }
    expect(await services.b2cInstances.verifyOnboarded(org.id, prod.id, instance!.id)).toEqual({
      status: 'ok',
    });
    const expected = { id: instance!.id, instanceId: 'zzte_001', onboarded: true };
    expect((await services.envs.list(org.id)).find((e) => e.slug === 'prod')!.b2cInstance).toEqual(
      expected,
    );
    expect((await services.orgs.getContext(user, org.slug, 'prod')).env.b2cInstance).toEqual(
      expected,
    );
  });

  it('writes made behind the services’ back are seen after the TTL, or at once after clear()', async () => {
    let now = 0;
    const { services, user, org } = await memberOrg();
    const timed = testServices(db(), { cache: { ttlMs: 10_000, now: () => now } }).services;
    await timed.access.roleInOrg(user.id, org.id);
    expect((await timed.envs.list(org.id)).map((e) => e.slug)).toEqual(['prod']);
    await db().insert(envs).values({ orgId: org.id, slug: 'side', name: 'Side' });
    await db().update(orgs).set({ verified: true }).where(eq(orgs.id, org.id));
    expect((await timed.envs.list(org.id)).map((e) => e.slug)).toEqual(['prod']);
    now = 10_000;
    expect((await timed.envs.list(org.id)).map((e) => e.slug)).toEqual(['prod', 'side']);

    await services.envs.list(org.id);
    await services.orgs.getContext(user, org.slug, 'prod');
    await db().insert(envs).values({ orgId: org.id, slug: 'side2', name: 'Side 2' });
    services.cache.clear();
    expect((await services.orgs.getContext(user, org.slug, 'side2')).org.verified).toBe(true);
  });

  it('a returned list cannot be changed by a caller (it is shared with the next request)', async () => {
    const { services, org } = await memberOrg();
    const list = await services.envs.list(org.id);
    expect(() => list.push(list[0]!)).toThrow(TypeError);
    expect(await services.envs.list(org.id)).toHaveLength(1);
  });
});
