/**
 * Each provider through its real AI SDK provider against the AI provider simulator: text, stream,
 * structured output and tool calls, and every injected fault as the typed failure a job and a
 * person see.
 */
import { tool } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError, type AiErrorReason } from '~/domain/ai/errors';
import { AI_MODELS, AI_PROVIDERS, costOf, searchCostOf } from '~/domain/ai/models';
import { type AiFaultKind, type AiSimulator, BRAND, createAiSimulator } from '~/simulators/ai';
import { createAiRegistry } from './registry';
import { type AiService, type AiUsageRecord, createAiService } from './service';

let sim: AiSimulator;
let ai: AiService;
const usage: AiUsageRecord[] = [];

beforeAll(async () => {
  sim = await createAiSimulator();
  const registry = createAiRegistry({ provider: 'anthropic', keys: {}, simulatorUrl: sim.url });
  ai = createAiService({ registry, timeoutMs: 10_000, recordUsage: (r) => void usage.push(r) });
});
afterAll(async () => {
  await sim.stop();
});
afterEach(() => {
  sim.faults.clear();
  usage.length = 0;
});

const seoSchema = z.object({
  page_title: z.string().max(60),
  page_description: z.string().max(160),
  page_keywords: z.string(),
});

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

describe.each(AI_PROVIDERS)('%s through the AI SDK', (provider) => {
  it('translates catalogue text and records the call’s tokens and cost', async () => {
    const { text, usage: callUsage } = await ai.generateText({
      provider,
      prompt: 'Translate into German (de-DE): "Classic Cotton Shirt - Navy"',
      label: 'translation',
    });
    expect(text).toBe('Hemd Klassisch aus Baumwolle in Marineblau');
    expect(callUsage.inputTokens).toBeGreaterThan(0);
    expect(callUsage.outputTokens).toBeGreaterThan(0);
    expect(usage).toEqual([
      expect.objectContaining({
        provider,
        model: AI_MODELS[provider],
        operation: 'text',
        label: 'translation',
        ok: true,
        simulated: true,
        costUsd: costOf({ model: AI_MODELS[provider], ...callUsage }),
      }),
    ]);
  });

  it('asks with the vendor’s web search: the sources it cites, their spans, the query and its fee', async () => {
    const {
      text,
      search,
      usage: callUsage,
    } = await ai.generateWithSearch({
      provider,
      prompt: 'Which linen shirt should I buy for summer?',
      search: { country: 'US' },
      label: 'monitoring',
    });
    expect(search.queries).toEqual(['linen shirt summer']);
    expect(search.searches).toBe(1);
    const brand = search.sources.find((s) => s.domain === 'beacon-outfitters.example');
    expect(brand?.cited).toBe(true);
    // Gemini names the page's domain and points at it through its redirect; the others give the page.
    expect(brand?.redirect).toBe(provider === 'google');
    if (provider !== 'google') {
      expect(brand?.url).toMatch(/^https:\/\/www\.beacon-outfitters\.example\/.+\.html$/);
      expect(brand?.title).toMatch(/ \| Beacon Outfitters$/);
    }
    for (const span of brand?.spans ?? []) {
      expect(text.slice(span.start, span.end)).toMatch(/^[\w ]+ from Beacon Outfitters$/);
    }
    expect(brand?.spans.length).toBeGreaterThan(0);
    const review = search.sources.find((s) => s.domain === 'gearreviewweekly.example');
    expect(review?.cited).toBe(true);
    expect(text.slice(review!.spans[0]!.start, review!.spans[0]!.end)).toMatch(
      /^Reviewers at Gear Review Weekly call the /,
    );
    expect(callUsage.searches).toBe(1);
    expect(callUsage.costUsd).toBe(
      costOf({ model: AI_MODELS[provider], ...callUsage, searches: 1 }),
    );
    expect(callUsage.costUsd).toBeGreaterThan(searchCostOf(AI_MODELS[provider], 1));
    expect(usage).toEqual([
      expect.objectContaining({ provider, operation: 'search', searches: 1, ok: true }),
    ]);
  });

  it('streams a shopping answer that names brands and cites URLs', async () => {
    const { textStream, done } = ai.streamText({
      provider,
      prompt: 'Which linen shirt should I buy for summer?',
    });
    const deltas: string[] = [];
    for await (const delta of textStream) deltas.push(delta);
    const { text, usage: callUsage } = await done;
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(text);
    expect(text).toContain(BRAND.name);
    expect(text).toMatch(/Linen Shirt/);
    expect(text).toContain(`${BRAND.url}/`);
    expect(callUsage.outputTokens).toBeGreaterThan(0);
  });

  it('answers the same translation the same way, and samples a repeated shopping question', async () => {
    const translate = () =>
      ai.generateText({ provider, prompt: 'Translate "Wool Blazer" into fr-FR.' });
    expect((await translate()).text).toBe((await translate()).text);
    // As an assistant does: the same question asked again may get another answer (monitoring samples).
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      answers.add((await ai.generateText({ provider, prompt: 'Which wool blazer is best?' })).text);
    }
    expect(answers.size).toBeGreaterThan(1);
  });

  it('writes SEO fields from the product’s attributes as a validated object', async () => {
    const { object, attempts } = await ai.generateObject({
      provider,
      schema: seoSchema,
      prompt:
        'Write SEO fields (page_title, page_description, page_keywords) for: Relaxed Linen Shirt in Olive',
    });
    expect(attempts).toBe(1);
    expect(object.page_title).toBe('Relaxed Linen Shirt - Olive | Beacon Outfitters');
    expect(object.page_keywords).toContain('linen shirt');
  });

  it('calls a tool with arguments matching its schema, then answers', async () => {
    const seen: unknown[] = [];
    const result = await ai.generateWithTools({
      provider,
      prompt: 'Look up the Tailored Wool Blazer in the catalogue',
      tools: {
        findProduct: tool({
          description: 'Finds a product in the catalogue by name',
          inputSchema: z.object({ productName: z.string(), locale: z.string() }),
          execute: (input) => {
            seen.push(input);
            return Promise.resolve({ id: '25752986M', online: true });
          },
        }),
      },
    });
    expect(seen).toEqual([{ productName: 'Tailored Wool Blazer', locale: 'en-US' }]);
    expect(result.toolCalls).toEqual([{ toolName: 'findProduct', input: seen[0] }]);
    expect(result.text).toContain('25752986M');
  });

  const transient: [AiFaultKind, AiErrorReason, RegExp][] = [
    [
      'rate_limit',
      'rate_limited',
      /limiting how often Beacon may ask\. Beacon will try again in 7 s/,
    ],
    ['overloaded', 'overloaded', /is overloaded right now/],
    ['server_error', 'server_error', /had an internal error/],
  ];
  it.each(transient)(
    '%s → %s, retryable, with a message a person understands',
    async (kind, reason, message) => {
      sim.faults.add({ kind, vendor: provider, retryAfterSeconds: 7 });
      const error = await failure(ai.generateText({ provider, prompt: 'Hello' }));
      expect(error.reason).toBe(reason);
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(message);
      expect(usage).toEqual([expect.objectContaining({ ok: false, reason, costUsd: 0 })]);
    },
  );

  it('a refused key → auth, not retryable', async () => {
    sim.faults.add({ kind: 'auth', vendor: provider });
    const error = await failure(ai.generateText({ provider, prompt: 'Hello' }));
    expect(error.reason).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("refused Beacon's API key");
  });

  it('no answer in time → timeout, retryable', async () => {
    sim.faults.add({ kind: 'timeout', vendor: provider });
    const error = await failure(ai.generateText({ provider, prompt: 'Hello', timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/did not answer in time/);
  });

  it('a stream that fails reports the typed failure to the reader', async () => {
    sim.faults.add({ kind: 'rate_limit', vendor: provider });
    const { textStream, done } = ai.streamText({ provider, prompt: 'Hello' });
    const read = async () => {
      for await (const delta of textStream) expect(delta).toBeUndefined();
    };
    const error = await failure(read());
    expect(error.reason).toBe('rate_limited');
    await expect(done).rejects.toBe(error);
  });

  it('a stream with no answer in time fails as timeout', async () => {
    sim.faults.add({ kind: 'timeout', vendor: provider });
    const { textStream } = ai.streamText({ provider, prompt: 'Hello', timeoutMs: 300 });
    const read = async () => {
      for await (const delta of textStream) expect(delta).toBeUndefined();
    };
    const error = await failure(read());
    expect(error.reason).toBe('timeout');
    expect(error.retryable).toBe(true);
  });

  it('a broken response body → malformed_output', async () => {
    sim.faults.add({ kind: 'malformed_json', vendor: provider, times: 2 });
    const error = await failure(ai.generateText({ provider, prompt: 'Hello' }));
    expect(error.reason).toBe('malformed_output');
    expect(error.retryable).toBe(false);
  });

  it.each([
    ['malformed_json', 'malformed_output', /could not read, twice/],
    ['schema_mismatch', 'schema_mismatch', /did not have the expected fields, twice/],
  ] as const)(
    'a structured answer with %s is asked for once more, then fails as %s',
    async (kind, reason, message) => {
      sim.faults.add({ kind, vendor: provider, times: 2 });
      const error = await failure(
        ai.generateObject({
          provider,
          schema: seoSchema,
          prompt: 'SEO fields for: Modern Silk Scarf',
        }),
      );
      expect(error.reason).toBe(reason);
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(message);
      expect(usage.map((u) => u.reason)).toEqual([reason, reason]);
    },
  );

  it('a structured answer that fails once is replaced by the second, valid one', async () => {
    sim.faults.add({ kind: 'schema_mismatch', vendor: provider, times: 1 });
    const { object, attempts } = await ai.generateObject({
      provider,
      schema: seoSchema,
      prompt: 'SEO fields for: Modern Silk Scarf',
    });
    expect(attempts).toBe(2);
    expect(seoSchema.parse(object)).toEqual(object);
    expect(usage.map((u) => u.ok)).toEqual([false, true]);
  });
});

describe('perplexity (monitoring’s fourth engine) through the AI SDK', () => {
  const provider = 'perplexity';
  const shopping = 'Which linen shirt should I buy for summer?';

  it('asks Sonar with its search: sources with their titles, cited spans, and the request fee', async () => {
    const {
      text,
      search,
      usage: callUsage,
    } = await ai.generateWithSearch({
      provider,
      prompt: shopping,
      search: { country: 'US' },
      label: 'monitoring',
    });
    // Perplexity says how many searches ran, not what they were.
    expect(search.queries).toEqual([]);
    expect(search.searches).toBe(1);
    const brand = search.sources.find((s) => s.domain === 'beacon-outfitters.example');
    expect(brand).toMatchObject({ cited: true, redirect: false });
    expect(brand?.title).toMatch(/ \| Beacon Outfitters$/);
    for (const span of brand?.spans ?? []) {
      expect(text.slice(span.start, span.end)).toMatch(/^[\w ]+ from Beacon Outfitters$/);
    }
    expect(brand?.spans.length).toBeGreaterThan(0);
    expect(callUsage.costUsd).toBe(costOf({ model: 'sonar', ...callUsage, searches: 1 }));
    expect(callUsage.costUsd).toBeGreaterThan(searchCostOf('sonar', 1));
    expect(searchCostOf('sonar', 3)).toBe(0.005);
    expect(usage).toEqual([
      expect.objectContaining({ provider, model: 'sonar', operation: 'search', searches: 1 }),
    ]);
  });

  it('answers from memory with search disabled: URLs typed in the text, no search fee', async () => {
    const { text, usage: callUsage } = await ai.generateText({ provider, prompt: shopping });
    expect(text).toMatch(/\nSources:\n\[1\] https:\/\//);
    expect(callUsage.costUsd).toBe(costOf({ model: 'sonar', ...callUsage }));
    expect(usage).toEqual([expect.objectContaining({ provider, operation: 'text' })]);
  });

  it('a refused key → auth, with the engine’s name', async () => {
    sim.faults.add({ kind: 'auth', vendor: provider });
    const error = await failure(ai.generateText({ provider, prompt: 'Hello' }));
    expect(error.reason).toBe('auth');
    expect(error.message).toContain('Perplexity');
  });

  it('a rate limit → rate_limited, retryable after the vendor’s wait', async () => {
    sim.faults.add({ kind: 'rate_limit', vendor: provider, retryAfterSeconds: 7 });
    const error = await failure(ai.generateText({ provider, prompt: 'Hello' }));
    expect(error.reason).toBe('rate_limited');
    expect(error.retryable).toBe(true);
  });
});

describe('the registry', () => {
  it('uses the configured provider when a call names none', async () => {
    const registry = createAiRegistry({ provider: 'google', keys: {}, simulatorUrl: sim.url });
    const service = createAiService({ registry, timeoutMs: 10_000 });
    await service.generateText({ prompt: 'Hello' });
    expect(sim.requests.at(-1)?.vendor).toBe('google');
  });

  it('says a provider is not configured when it has neither a key nor a simulator', () => {
    const registry = createAiRegistry({ provider: 'openai', keys: { anthropic: 'k' } });
    expect(() => registry.model()).toThrow('ChatGPT is not configured on this server.');
    expect(registry.model('anthropic').simulated).toBe(false);
    expect(registry.describe()).toEqual([
      { provider: 'anthropic', modelId: AI_MODELS.anthropic, target: 'vendor' },
      { provider: 'openai', modelId: 'gpt-5', target: 'none' },
      { provider: 'google', modelId: 'gemini-2.5-flash', target: 'none' },
      { provider: 'perplexity', modelId: 'sonar', target: 'none' },
    ]);
  });

  it('names the engines a new monitoring configuration starts with: those it can ask', () => {
    const engines = (options: Parameters<typeof createAiRegistry>[0]) =>
      createAiService({ registry: createAiRegistry(options), timeoutMs: 1_000 }).engines();
    expect(engines({ provider: 'openai', keys: { openai: 'k', perplexity: 'p' } })).toEqual([
      'openai',
      'perplexity',
    ]);
    expect(engines({ provider: 'openai', keys: {}, simulatorUrl: sim.url })).toEqual([
      'anthropic',
      'openai',
      'google',
      'perplexity',
    ]);
    // None configured: every engine, so a configuration can still be written (and says why it fails).
    expect(engines({ provider: 'openai', keys: {} })).toHaveLength(4);
  });
});
