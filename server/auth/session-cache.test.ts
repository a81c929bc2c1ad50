import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

const user = { id: 'u1', name: 'U', email: 'u@x.test', image: null, isSuperUser: false };

describe('createSessionCache', () => {
  it('keeps an entry for the TTL, never past the session expiry', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 10_000, now: () => now });
    cache.set('a', user);
    cache.set('b', user, new Date(3_000));
    expect(cache.get('a')).toEqual(user);
    now = 3_000;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(user);
    now = 11_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('remembers "no session" too, and forgets on delete', () => {
    const cache = createSessionCache();
    cache.set('gone', null);
    expect(cache.get('gone')).toBeNull();
    cache.delete('gone');
    expect(cache.get('gone')).toBeUndefined();
  });

  it('drops the oldest entry when full, and caches nothing with a TTL of 0', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    cache.set('1', user);
    cache.set('2', user);
    cache.set('3', user);
    expect(cache.size).toBe(2);
    expect(cache.get('1')).toBeUndefined();
    const off = createSessionCache({ ttlMs: 0 });
    off.set('x', user);
    expect(off.get('x')).toBeUndefined();
  });
});

describe('createSessionCache: refresh ahead of expiry', () => {
  it('an entry is due from half its TTL until it expires', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 10_000, now: () => now });
    cache.set('a', user);
    expect(cache.due('a')).toBe(false);
    now = 4_999;
    expect(cache.due('a')).toBe(false);
    now = 5_000;
    expect(cache.due('a')).toBe(true);
    expect(cache.get('a')).toEqual(user);
    cache.set('a', user);
    expect(cache.due('a')).toBe(false);
    now = 15_000;
    expect(cache.due('a')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.due('missing')).toBe(false);
  });

  it('a lookup that started before a sign-out (delete) does not put the session back', () => {
    const cache = createSessionCache();
    const before = cache.ticket();
    cache.delete('a');
    cache.set('a', user, undefined, before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', user, undefined, cache.ticket());
    expect(cache.get('a')).toEqual(user);
  });
});
