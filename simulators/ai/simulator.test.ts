/**
 * The simulator speaks each vendor's API well enough for the vendor's own SDK with only its base URL
 * changed, and for the AI SDK's Chat Completions path (the registry uses OpenAI's Responses API).
 */
import { createOpenAI } from '@ai-sdk/openai';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { generateText, Output, stepCountIs, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CLAUDE_MODEL, GEMINI_MODEL, OPENAI_MODEL } from '~/domain/ai/models';
import { BRAND } from './answers';
import { FAULT_HEADER } from './faults';
import { type AiSimulator, createAiSimulator, LATENCY_HEADER } from './simulator';

let sim: AiSimulator;
beforeAll(async () => {
  sim = await createAiSimulator();
});
afterAll(async () => {
  await sim.stop();
});
afterEach(() => {
  sim.faults.clear();
});

const TRANSLATE_FR = 'Translate into French (fr-FR): "Relaxed Linen Trousers - Black"';
const SHOPPING = 'What is a good leather bag for work?';

describe('the openai SDK', () => {
  const client = () => new OpenAI({ baseURL: sim.baseUrls.openai, apiKey: 'test', maxRetries: 0 });

  it('Responses: text and a stream', async () => {
    const response = await client().responses.create({ model: OPENAI_MODEL, input: TRANSLATE_FR });
    expect(response.output_text).toBe('Pantalon en lin décontracté noir');
    expect(response.usage?.output_tokens).toBeGreaterThan(0);

    const stream = await client().responses.create({
      model: OPENAI_MODEL,
      input: SHOPPING,
      stream: true,
    });
    let text = '';
    let completed = false;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed')
        completed = (event.response.usage?.total_tokens ?? 0) > 0;
    }
    expect(text).toContain(BRAND.name);
    expect(text).toMatch(/Leather Bag/);
    expect(completed).toBe(true);
  });

  it('Chat Completions: text and a stream with usage', async () => {
    const completion = await client().chat.completions.create({
      model: OPENAI_MODEL,
      messages: [{ role: 'user', content: TRANSLATE_FR }],
    });
    expect(completion.choices[0]?.message.content).toBe('Pantalon en lin décontracté noir');

    const stream = await client().chat.completions.create({
      model: OPENAI_MODEL,
      messages: [{ role: 'user', content: SHOPPING }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage?.completion_tokens ?? usage;
    }
    expect(text).toContain(`${BRAND.url}/`);
    expect(usage).toBeGreaterThan(0);
  });

  it('lists the models', async () => {
    const ids: string[] = [];
    for await (const model of client().models.list()) ids.push(model.id);
    expect(ids).toContain(OPENAI_MODEL);
  });

  it('sees an injected rate limit as a 429 with retry-after', async () => {
    sim.faults.add({ kind: 'rate_limit', vendor: 'openai', retryAfterSeconds: 5 });
    const error = await client()
      .responses.create({ model: OPENAI_MODEL, input: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toBe('5');
  });
});

describe('the @anthropic-ai/sdk SDK', () => {
  const client = () =>
    new Anthropic({ baseURL: sim.baseUrls.anthropicSdk, apiKey: 'test', maxRetries: 0 });

  it('text and a stream, with no deprecation warning for the Claude model', async () => {
    const warn = vi.spyOn(console, 'warn');
    const message = await client().messages.create({
      model: CLAUDE_MODEL,
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Translate into German (de-DE): "Premium Silk Scarf"' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Schal Premium aus Seide' }]);
    expect(message.usage.output_tokens).toBeGreaterThan(0);

    const stream = client().messages.stream({
      model: CLAUDE_MODEL,
      max_tokens: 1024,
      messages: [{ role: 'user', content: SHOPPING }],
    });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const final = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(3);
    expect(final.content[0]).toMatchObject({ type: 'text', text: deltas.join('') });
    expect(final.stop_reason).toBe('end_turn');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('lists the models', async () => {
    const ids: string[] = [];
    for await (const model of client().models.list()) ids.push(model.id);
    expect(ids).toContain(CLAUDE_MODEL);
  });

  it('sees an injected overload as 529', async () => {
    sim.faults.add({ kind: 'overloaded', vendor: 'anthropic' });
    const error = await client()
      .messages.create({
        model: CLAUDE_MODEL,
        max_tokens: 10,
        messages: [{ role: 'user', content: 'Hi' }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
  });
});

describe('the @google/genai SDK', () => {
  const client = () =>
    new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: sim.baseUrls.googleSdk } });

  it('text and a stream', async () => {
    const response = await client().models.generateContent({
      model: GEMINI_MODEL,
      contents: 'Translate into French (fr-FR): "Modern Wool Throw"',
    });
    expect(response.text).toBe('Plaid en laine moderne');
    expect(response.usageMetadata?.candidatesTokenCount).toBeGreaterThan(0);

    const stream = await client().models.generateContentStream({
      model: GEMINI_MODEL,
      contents: SHOPPING,
    });
    const deltas: string[] = [];
    for await (const chunk of stream) deltas.push(chunk.text ?? '');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toContain(BRAND.name);
  });

  it('lists the models', async () => {
    const pager = await client().models.list();
    const names: string[] = [];
    for await (const model of pager) names.push(model.name ?? '');
    expect(names).toContain(`models/${GEMINI_MODEL}`);
  });
});

describe('the AI SDK on OpenAI Chat Completions', () => {
  const model = () =>
    createOpenAI({ baseURL: sim.baseUrls.openai, apiKey: 'test' }).chat(OPENAI_MODEL);

  it('text, stream, structured output and a tool call', async () => {
    const text = await generateText({ model: model(), prompt: TRANSLATE_FR, maxRetries: 0 });
    expect(text.text).toBe('Pantalon en lin décontracté noir');

    const stream = streamText({ model: model(), prompt: SHOPPING, maxRetries: 0 });
    let streamed = '';
    for await (const delta of stream.textStream) streamed += delta;
    expect(streamed).toContain(BRAND.name);

    const object = await generateText({
      model: model(),
      prompt: 'SEO fields for: Essential Denim Jacket in White',
      output: Output.object({
        schema: z.object({ page_title: z.string(), page_keywords: z.string() }),
      }),
      maxRetries: 0,
    });
    expect(object.output.page_title).toBe('Essential Denim Jacket - White | Beacon Outfitters');

    const calls: unknown[] = [];
    await generateText({
      model: model(),
      prompt: 'Check stock of the Classic Leather Belt',
      tools: {
        stock: tool({
          inputSchema: z.object({ productName: z.string(), quantity: z.number().int().min(1) }),
          execute: (input) => {
            calls.push(input);
            return Promise.resolve({ inStock: 12 });
          },
        }),
      },
      stopWhen: stepCountIs(2),
      maxRetries: 0,
    });
    expect(calls).toEqual([{ productName: 'Classic Leather Belt', quantity: expect.any(Number) }]);
  });
});

describe('answers and faults', () => {
  it('samples a shopping question anew each time it is asked, in the same sequence on every simulator', async () => {
    const askOf = (target: AiSimulator) => (prompt: string) =>
      new OpenAI({ baseURL: target.baseUrls.openai, apiKey: 'k' }).responses
        .create({ model: OPENAI_MODEL, input: prompt })
        .then((r) => r.output_text);
    const question = 'Which brand makes the best wool coat for winter?';
    const fresh = await createAiSimulator();
    try {
      const first: string[] = [];
      const second: string[] = [];
      for (let i = 0; i < 6; i++) first.push(await askOf(sim)(question));
      for (let i = 0; i < 6; i++) second.push(await askOf(fresh)(question));
      expect(second).toEqual(first);
      expect(new Set(first).size).toBeGreaterThan(1);
      expect(first[0]).not.toBe(await askOf(sim)('What is a good leather bag for travel?'));
    } finally {
      await fresh.stop();
    }
  });

  it('answers the same translation request the same way every time', async () => {
    const ask = () =>
      new OpenAI({ baseURL: sim.baseUrls.openai, apiKey: 'k' }).responses
        .create({ model: OPENAI_MODEL, input: 'Translate "Classic Linen Dress" into fr-FR.' })
        .then((r) => r.output_text);
    expect(await ask()).toBe(await ask());
  });

  it('a fault for one vendor leaves the others alone, and is used up', async () => {
    const post = (body: unknown) =>
      fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ kind: 'server_error', vendor: 'google' })).status).toBe(201);
    const anthropic = new Anthropic({
      baseURL: sim.baseUrls.anthropicSdk,
      apiKey: 'k',
      maxRetries: 0,
    });
    const ask = () =>
      anthropic.messages.create({
        model: CLAUDE_MODEL,
        max_tokens: 10,
        messages: [{ role: 'user', content: 'Hi' }],
      });
    await expect(ask()).resolves.toMatchObject({ type: 'message' });
    const google = new GoogleGenAI({
      apiKey: 'k',
      httpOptions: { baseUrl: sim.baseUrls.googleSdk },
    });
    await expect(
      google.models.generateContent({ model: GEMINI_MODEL, contents: 'Hi' }),
    ).rejects.toThrow(/500/);
    await expect(
      google.models.generateContent({ model: GEMINI_MODEL, contents: 'Hi' }),
    ).resolves.toBeTruthy();
    expect((await post({ kind: 'meltdown' })).status).toBe(400);
  });

  it('a slow model (a set latency) does not answer before a short time limit; a request may wait less', async () => {
    const ask = (timeoutMs: number, headers: Record<string, string> = {}) =>
      fetch(`${sim.baseUrls.openai}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ model: OPENAI_MODEL, input: 'Hi' }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    sim.setLatency(60_000);
    try {
      await expect(ask(200)).rejects.toThrow(/timeout|aborted/i);
      expect((await ask(10_000, { [LATENCY_HEADER]: '10' })).status).toBe(200);
    } finally {
      sim.setLatency(0);
    }
  });

  it('a request can ask for its own fault with a header', async () => {
    const error = await new OpenAI({
      baseURL: sim.baseUrls.openai,
      apiKey: 'k',
      maxRetries: 0,
      defaultHeaders: { [FAULT_HEADER]: 'auth' },
    }).responses
      .create({ model: OPENAI_MODEL, input: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});
