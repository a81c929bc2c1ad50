import { describe, expect, it } from 'vitest';
import { createAiSimulator } from '~/simulators/ai';
import { retryAfterSeconds } from './errors';
import { createAiRegistry } from './registry';
import { createAiService } from './service';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-25T08:00:00Z');
  it('reads seconds, an HTTP date, or the more precise retry-after-ms', () => {
    expect(retryAfterSeconds({ 'retry-after': '12' }, now)).toBe(12);
    expect(retryAfterSeconds({ 'Retry-After': 'Wed, 25 Nov 2026 08:00:30 GMT' }, now)).toBe(30);
    expect(retryAfterSeconds({ 'retry-after-ms': '1500', 'retry-after': '9' }, now)).toBe(2);
    expect(retryAfterSeconds({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});

describe('a provider that cannot be reached', () => {
  it('fails as unreachable, retryable, naming the provider', async () => {
    const sim = await createAiSimulator();
    const url = sim.url;
    await sim.stop();
    const ai = createAiService({
      registry: createAiRegistry({ provider: 'openai', keys: {}, simulatorUrl: url }),
      timeoutMs: 10_000,
    });
    await expect(ai.generateText({ prompt: 'Hello' })).rejects.toMatchObject({
      name: 'AiError',
      reason: 'unreachable',
      retryable: true,
      message: 'Beacon could not reach ChatGPT. Beacon will try again shortly.',
    });
  });
});
