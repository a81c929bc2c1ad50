/**
 * Each engine asked with its vendor's web search tool answers as the vendor does: OpenAI's
 * `web_search_call` item and `url_citation` annotations, Anthropic's `server_tool_use` and
 * `web_search_tool_result` blocks with cited text, Gemini's `groundingMetadata`, Perplexity's
 * `citations`, `search_results` and `[n]` markers. Checked with each vendor's own SDK (Perplexity's
 * through the openai SDK at its base URL, as its docs show) and with the AI SDK's providers (Beacon's path), streamed and not. The search
 * finds the live storefront's product page for the question.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createPerplexity } from '@ai-sdk/perplexity';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { generateText, streamText } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAUDE_MODEL, GEMINI_MODEL, OPENAI_MODEL, PERPLEXITY_MODEL } from '~/domain/ai/models';
import { readSearch } from '~/server/ai/sources';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import type { AiSimulator } from './simulator';
import { startStorefrontSimulators } from './test-support';
import { createStorefrontCrawler, type StorefrontProduct } from './storefront';
import { GEMINI_REDIRECT_BASE, REVIEW_SITES } from './web-search';

const QUESTION = 'What is a good leather bag for work?';
const QUERY = 'leather bag work';
const REVIEW = `${REVIEW_SITES[0].url}/best/bag`;

let b2c: B2CSimulator;
let ai: AiSimulator;
/** The storefront's top hit for the question: the page every engine's search finds. */
let page: StorefrontProduct;

beforeAll(async () => {
  ({ b2c, ai } = await startStorefrontSimulators());
  const [top] = await createStorefrontCrawler(b2c.url).productsFor(QUESTION, 'en');
  if (!top) throw new Error('The storefront has no hit for the question');
  page = top;
});
afterAll(async () => {
  await ai?.stop();
  await b2c?.stop();
});

describe('OpenAI Responses with the web_search tool', () => {
  const client = () => new OpenAI({ baseURL: ai.baseUrls.openai, apiKey: 'test', maxRetries: 0 });

  it('searches, lists every page consulted and cites the pages the answer names', async () => {
    const response = await client().responses.create({
      model: OPENAI_MODEL,
      input: QUESTION,
      tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'US' } }],
      include: ['web_search_call.action.sources'],
    });
    const [call, message] = response.output;
    expect(call?.type).toBe('web_search_call');
    if (call?.type !== 'web_search_call' || call.action.type !== 'search') throw new Error();
    expect(call.status).toBe('completed');
    expect(call.action.query).toBe(QUERY);
    expect(call.action.sources?.map((s) => (s.type === 'url' ? s.url : ''))).toContain(page.url);

    if (message?.type !== 'message' || message.content[0]?.type !== 'output_text')
      throw new Error();
    const { text, annotations } = message.content[0];
    expect(response.output_text).toBe(text);
    expect(text).not.toContain('Sources:');
    expect(annotations.length).toBeGreaterThanOrEqual(3);
    for (const a of annotations) {
      if (a.type !== 'url_citation') throw new Error(a.type);
      // Each cited span names what its page is: "<product> from <brand>", or the review's line.
      const span = text.slice(a.start_index, a.end_index);
      if (a.url === REVIEW) expect(span).toMatch(/^Reviewers at Gear Review Weekly call the /);
      else expect(a.title).toBe(span.replace(' from ', ' | '));
    }
    expect(annotations.map((a) => (a.type === 'url_citation' ? a.url : ''))).toContain(REVIEW);
  });

  it('streams the search and the annotations', async () => {
    const stream = await client().responses.create({
      model: OPENAI_MODEL,
      input: QUESTION,
      tools: [{ type: 'web_search' }],
      stream: true,
    });
    const events: string[] = [];
    let annotations = 0;
    let text = '';
    for await (const event of stream) {
      events.push(event.type);
      if (event.type === 'response.output_text.annotation.added') annotations += 1;
      if (event.type === 'response.output_text.done') text = event.text;
    }
    expect(events.slice(2, 6)).toEqual([
      'response.output_item.added',
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
    ]);
    expect(annotations).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^Here are \d good options for a bag:/);
  });

  it('answers from memory without the tool: no search, no annotations', async () => {
    const response = await client().responses.create({ model: OPENAI_MODEL, input: QUESTION });
    expect(response.output.map((o) => o.type)).toEqual(['message']);
    const [message] = response.output;
    if (message?.type !== 'message' || message.content[0]?.type !== 'output_text')
      throw new Error();
    expect(message.content[0].annotations).toEqual([]);
  });
});

describe('Anthropic Messages with the web search server tool', () => {
  const client = () =>
    new Anthropic({ baseURL: ai.baseUrls.anthropicSdk, apiKey: 'test', maxRetries: 0 });
  const params = {
    model: CLAUDE_MODEL,
    max_tokens: 1024,
    messages: [{ role: 'user' as const, content: QUESTION }],
    tools: [
      {
        type: 'web_search_20260318' as const,
        name: 'web_search' as const,
        max_uses: 3,
        user_location: { type: 'approximate' as const, country: 'US' },
      },
    ],
  };

  it('searches, returns the results and cites them in the text', async () => {
    const message = await client().messages.create(params);
    const [use, result, ...texts] = message.content;
    if (use?.type !== 'server_tool_use') throw new Error(use?.type);
    expect(use.name).toBe('web_search');
    expect(use.input).toEqual({ query: QUERY });
    if (result?.type !== 'web_search_tool_result' || !Array.isArray(result.content))
      throw new Error(result?.type);
    expect(result.tool_use_id).toBe(use.id);
    expect(result.content.map((r) => r.url)).toContain(page.url);
    expect(result.content[0]?.encrypted_content).toMatch(/^[\w-]{32}$/);

    const cited = texts.flatMap((t) => (t.type === 'text' ? (t.citations ?? []) : []));
    expect(cited.length).toBeGreaterThanOrEqual(3);
    for (const c of cited) {
      if (c.type !== 'web_search_result_location') throw new Error(c.type);
      expect(result.content.map((r) => r.url)).toContain(c.url);
    }
    const whole = texts.map((t) => (t.type === 'text' ? t.text : '')).join('');
    expect(whole).toMatch(/^Here are \d good options for a bag:\n1\. /);
    expect(message.usage.server_tool_use?.web_search_requests).toBe(1);
  });

  it('streams the same blocks, the results whole and the citations as deltas', async () => {
    const message = await client().messages.stream(params).finalMessage();
    const [use, result, ...texts] = message.content;
    expect(use?.type === 'server_tool_use' && use.input).toEqual({ query: QUERY });
    expect(result?.type === 'web_search_tool_result' && Array.isArray(result.content)).toBe(true);
    const cited = texts.filter((t) => t.type === 'text' && (t.citations ?? []).length > 0);
    expect(cited.length).toBeGreaterThanOrEqual(3);
    for (const t of cited) {
      if (t.type !== 'text') throw new Error(t.type);
      expect(t.citations?.[0]?.cited_text).toBe(t.text);
    }
  });
});

describe('Gemini with Grounding with Google Search', () => {
  const client = () =>
    new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: ai.baseUrls.googleSdk } });

  it('grounds the answer: queries, a chunk per page (a redirect, titled by domain), supports in bytes', async () => {
    const response = await client().models.generateContent({
      model: GEMINI_MODEL,
      contents: QUESTION,
      config: { tools: [{ googleSearch: {} }] },
    });
    const grounding = response.candidates?.[0]?.groundingMetadata;
    expect(grounding?.webSearchQueries).toEqual([QUERY]);
    const chunks = grounding?.groundingChunks ?? [];
    expect(chunks.every((c) => c.web?.uri?.startsWith(GEMINI_REDIRECT_BASE))).toBe(true);
    expect(chunks.map((c) => c.web?.title)).toContain(new URL(page.url).hostname);
    const text = Buffer.from(response.text ?? '', 'utf8');
    const supports = grounding?.groundingSupports ?? [];
    expect(supports.length).toBeGreaterThanOrEqual(3);
    for (const s of supports) {
      const { startIndex = 0, endIndex = 0, text: segment } = s.segment ?? {};
      expect(text.subarray(startIndex, endIndex).toString('utf8')).toBe(segment);
    }
  });

  it('streams it on the last chunk', async () => {
    const stream = await client().models.generateContentStream({
      model: GEMINI_MODEL,
      contents: QUESTION,
      config: { tools: [{ googleSearch: {} }] },
    });
    const withGrounding: boolean[] = [];
    for await (const chunk of stream)
      withGrounding.push(!!chunk.candidates?.[0]?.groundingMetadata);
    expect(withGrounding.at(-1)).toBe(true);
    expect(withGrounding.slice(0, -1).every((g) => !g)).toBe(true);
  });
});

/** What Perplexity's chat completion adds to OpenAI's. */
interface SonarCompletion {
  citations?: string[];
  search_results?: { title: string; url: string; date?: string | null }[];
  usage?: { num_search_queries?: number; search_context_size?: string };
}

describe('Perplexity Sonar (chat completions through the openai SDK)', () => {
  const client = () =>
    new OpenAI({ baseURL: ai.baseUrls.perplexity, apiKey: 'test', maxRetries: 0 });

  it('searches for every answer: citations numbered in the text, every page with its title', async () => {
    const response = (await client().chat.completions.create({
      model: PERPLEXITY_MODEL,
      messages: [{ role: 'user', content: QUESTION }],
      // Perplexity's own parameters, which the openai SDK passes through.
      ...({
        web_search_options: { search_context_size: 'low', user_location: { country: 'US' } },
      } as object),
    })) as OpenAI.ChatCompletion & SonarCompletion;
    const text = response.choices[0]?.message.content ?? '';
    expect(text).toMatch(/^Here are \d good options for a bag:/);
    const citations = response.citations ?? [];
    expect(citations).toContain(page.url);
    expect(citations).toContain(REVIEW);
    expect(response.search_results?.map((r) => r.url)).toEqual(citations);
    expect(response.search_results?.find((r) => r.url === page.url)?.title).toBe(
      `${page.name} | ${page.brand}`,
    );
    // "1. <product> from <brand>[n]": the marker numbers that product's page in `citations`.
    for (const match of text.matchAll(/^\d\. (.+?) from (.+?)\[(\d+)\]$/gm)) {
      const cited = response.search_results?.[Number(match[3]) - 1];
      expect(cited?.title).toBe(`${match[1]} | ${match[2]}`);
    }
    expect(text).toMatch(/most recommended for everyday wear\.\[\d+\]$/);
    expect(response.usage?.num_search_queries).toBe(1);
    expect(response.usage?.search_context_size).toBe('low');
  });

  it('streams the text with the sources on every chunk', async () => {
    const stream = await client().chat.completions.create({
      model: PERPLEXITY_MODEL,
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
    });
    let text = '';
    const citations = new Set<string>();
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      for (const url of (chunk as SonarCompletion).citations ?? []) citations.add(url);
    }
    expect(text).toMatch(/^Here are \d good options for a bag:/);
    expect(citations).toContain(page.url);
  });

  it('answers from memory with disable_search: no citations, no pages found', async () => {
    const response = (await client().chat.completions.create({
      model: PERPLEXITY_MODEL,
      messages: [{ role: 'user', content: QUESTION }],
      ...({ disable_search: true } as object),
    })) as OpenAI.ChatCompletion & SonarCompletion;
    expect(response.citations).toBeUndefined();
    expect(response.search_results).toBeUndefined();
    expect(response.usage?.num_search_queries).toBeUndefined();
  });

  it('reports a fault as Perplexity does', async () => {
    const remove = ai.faults.add({ kind: 'rate_limit', vendor: 'perplexity' });
    try {
      await expect(
        client().chat.completions.create({
          model: PERPLEXITY_MODEL,
          messages: [{ role: 'user', content: QUESTION }],
        }),
      ).rejects.toMatchObject({ status: 429, error: { code: 429 } });
    } finally {
      remove();
    }
  });
});

describe("the AI SDK's provider tools (Beacon's path)", () => {
  const openai = () => createOpenAI({ baseURL: ai.baseUrls.openai, apiKey: 'test' });
  const anthropic = () => createAnthropic({ baseURL: ai.baseUrls.anthropic, apiKey: 'test' });
  const google = () => createGoogleGenerativeAI({ baseURL: ai.baseUrls.google, apiKey: 'test' });

  const urlsOf = (sources: readonly { sourceType: string; url?: string }[]) =>
    sources.flatMap((s) => (s.sourceType === 'url' && s.url ? [s.url] : []));
  const citationsOf = (content: readonly { type: string; citations?: unknown[] }[]) =>
    content.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));

  it('OpenAI: sources, cited text and the search call', async () => {
    const result = await generateText({
      model: openai()(OPENAI_MODEL),
      prompt: QUESTION,
      tools: { web_search: openai().tools.webSearch({}) },
    });
    expect(urlsOf(result.sources)).toContain(page.url);
    expect(citationsOf(result.content).length).toBeGreaterThanOrEqual(3);
    expect(result.toolCalls.map((c) => c.toolName)).toEqual(['web_search']);
  });

  it('OpenAI streamed: the same sources', async () => {
    const result = streamText({
      model: openai()(OPENAI_MODEL),
      prompt: QUESTION,
      tools: { web_search: openai().tools.webSearch({}) },
    });
    expect(urlsOf(await result.sources)).toContain(page.url);
  });

  it('Anthropic: sources, cited text and the search call', async () => {
    const result = await generateText({
      model: anthropic()(CLAUDE_MODEL),
      prompt: QUESTION,
      tools: { web_search: anthropic().tools.webSearch_20260318({ maxUses: 3 }) },
    });
    expect(urlsOf(result.sources)).toContain(page.url);
    expect(citationsOf(result.content).length).toBeGreaterThanOrEqual(3);
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['web_search', { query: QUERY }],
    ]);
  });

  it('Anthropic streamed: the same sources', async () => {
    const result = streamText({
      model: anthropic()(CLAUDE_MODEL),
      prompt: QUESTION,
      tools: { web_search: anthropic().tools.webSearch_20260318({ maxUses: 3 }) },
    });
    expect(urlsOf(await result.sources)).toContain(page.url);
  });

  it('Gemini: a source per grounding chunk, and the grounding metadata', async () => {
    const result = await generateText({
      model: google()(GEMINI_MODEL),
      prompt: QUESTION,
      tools: { google_search: google().tools.googleSearch({}) },
    });
    expect(result.sources.length).toBeGreaterThanOrEqual(3);
    const grounding = (
      result.providerMetadata?.google as { groundingMetadata?: { webSearchQueries?: string[] } }
    )?.groundingMetadata;
    expect(grounding?.webSearchQueries).toEqual([QUERY]);
  });

  const perplexity = () => createPerplexity({ baseURL: ai.baseUrls.perplexity, apiKey: 'test' });

  it('Perplexity: the citations as sources; Beacon reads titles and cited spans from the body', async () => {
    const result = await generateText({
      model: perplexity()(PERPLEXITY_MODEL),
      prompt: QUESTION,
      providerOptions: { perplexity: { web_search_options: { search_context_size: 'low' } } },
      include: { responseBody: true },
    });
    expect(urlsOf(result.sources)).toContain(page.url);
    const search = readSearch('perplexity', result);
    expect(search.searches).toBe(1);
    const product = search.sources.find((s) => s.url === page.url);
    expect(product?.title).toBe(`${page.name} | ${page.brand}`);
    const review = search.sources.find((s) => s.url === REVIEW);
    expect(review?.cited).toBe(true);
    expect(result.text.slice(review!.spans[0]!.start, review!.spans[0]!.end)).toMatch(
      /^Reviewers at Gear Review Weekly call the .+ most recommended for everyday wear\.$/,
    );
  });

  it('Perplexity streamed: the same sources', async () => {
    const result = streamText({
      model: perplexity()(PERPLEXITY_MODEL),
      prompt: QUESTION,
    });
    expect(urlsOf(await result.sources)).toContain(page.url);
  });
});
