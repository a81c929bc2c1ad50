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
