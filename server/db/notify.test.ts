import { expect, it } from 'vitest';
import { createNotifyBus } from './notify';
import { describeEachDriver } from './test-db';

const until = async (check: () => boolean, withinMs = 2_000) => {
  const started = Date.now();
  while (!check() && Date.now() - started < withinMs) await new Promise((r) => setTimeout(r, 10));
};

describeEachDriver('the NOTIFY bus', (get) => {
  it('delivers what is published on a channel to its subscribers only, until they unsubscribe', async () => {
    const bus = createNotifyBus(get());
    const seen: string[] = [];
    const other: string[] = [];
    const stop = bus.subscribe('beacon_test_a', (payload) => seen.push(payload));
    bus.subscribe('beacon_test_b', (payload) => other.push(payload));
    await bus.ready();
    try {
      await bus.publish('beacon_test_a', 'one');
      await bus.publish('beacon_test_b', 'two');
      await until(() => seen.length === 1 && other.length === 1);
      expect(seen).toEqual(['one']);
      expect(other).toEqual(['two']);
      stop();
      await bus.publish('beacon_test_a', 'three');
      await bus.publish('beacon_test_b', 'four');
      await until(() => other.length === 2);
      expect(seen).toEqual(['one']);
    } finally {
      await bus.close();
    }
  });

  it('refuses a channel that is not a plain name, and a payload PostgreSQL would refuse', async () => {
    const bus = createNotifyBus(get());
    try {
      expect(() => bus.subscribe('x; drop table users', () => undefined)).toThrow(
        'Not a channel name',
      );
      await expect(bus.publish('beacon_test_a', 'x'.repeat(8_000))).rejects.toThrow('too long');
    } finally {
      await bus.close();
    }
  });
});
