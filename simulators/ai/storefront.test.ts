/**
 * Shopping answers depend on the storefront as the B2C simulator's Shop API serves it: the top hit
 * for a question is named now and then, and much more often once its description answers questions
 * (as a published AEO proposal makes it), a difference the monitoring statistics call significant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_MODEL } from '~/domain/ai/models';
import { twoProportionTest } from '~/domain/monitoring/stats';
import { type Parts, SEO, SIM_VOCABULARY } from '~/simulators/b2c/data';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import { BRAND, FAQ, NAMED_IF_ANSWER_STYLE, NAMED_OTHERWISE, OTHER_BRANDS } from './answers';
import { type AiSimulator, createAiSimulator } from './simulator';
import { STOREFRONT_HOST, startStorefrontSimulators } from './test-support';
import {
  CRAWL_CACHE_MS,
  contentWords,
  createStorefrontCrawler,
  isAnswerStyle,
  type StorefrontProduct,
} from './storefront';

const HOST = STOREFRONT_HOST;
const QUESTION = 'What is a good leather bag for work?';
const SAMPLES = 60;

let b2c: B2CSimulator;
let ai: AiSimulator;

beforeAll(async () => {
  ({ b2c, ai } = await startStorefrontSimulators());
});
afterAll(async () => {
  await ai?.stop();
  await b2c?.stop();
});

/**
 * One question through the OpenAI Responses API with its web search, with the JSON body the AI SDK
 * sends: the answer's text and the URLs it cites (its `url_citation` annotations).
 */
async function ask(target: AiSimulator, question: string) {
  const response = await fetch(`${target.baseUrls.openai}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: OPENAI_MODEL,
      input: [{ role: 'user', content: [{ type: 'input_text', text: question }] }],
      // The storefront is read by the engine's web search, as the real APIs read the web.
      tools: [{ type: 'web_search' }],
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    output: {
      type: string;
      content?: { type: string; text: string; annotations: { url: string }[] }[];
    }[];
  };
  const parts = body.output.flatMap((o) => o.content ?? []);
  return {
    text: parts.map((c) => c.text).join(''),
    cited: parts.flatMap((c) => c.annotations.map((a) => a.url)),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The AEO agent's long description for a product: its own, then a FAQ (answers.ts writes it so). */
const answerStyleLong = (parts: Parts) =>
  `<p>${SEO.long.en(parts)}</p>${FAQ.en(parts.noun.en, parts.material.en)}`;

describe('answer-style descriptions', () => {
  const parts: Parts = {
    adj: SIM_VOCABULARY.adjectives[0]!,
    material: SIM_VOCABULARY.materials[3]!,
    noun: SIM_VOCABULARY.nouns[4]!,
  };

  it("are the AEO agent's (a FAQ), in every language; the catalogue's own descriptions are not", () => {
    for (const lang of ['en', 'fr', 'de'] as const) {
      expect(isAnswerStyle(`<p>${SEO.long[lang](parts)}</p>`)).toBe(false);
      expect(isAnswerStyle(`<p>${SEO.short[lang](parts)}</p>`)).toBe(false);
      expect(
        isAnswerStyle(
          `<p>${SEO.long[lang](parts)}</p>${FAQ[lang](parts.noun[lang], parts.material[lang])}`,
        ),
      ).toBe(true);
    }
    // A question alone, or many words without one, is not enough.
    expect(isAnswerStyle('<p>Who is it for? Everyone.</p>')).toBe(false);
    expect(isAnswerStyle(`<p>${'word '.repeat(40)}</p>`)).toBe(false);
    expect(isAnswerStyle(undefined)).toBe(false);
  });

  it("search a question's content words", () => {
    expect(contentWords(QUESTION)).toEqual(['leather', 'bag', 'work']);
    expect(contentWords('Quel est un bon sac en cuir pour le travail ?')).toEqual([
      'sac',
      'cuir',
      'travail',
    ]);
  });
});

describe('shopping answers from the storefront', () => {
  it(
    'name the top hit more often once its description is answer-style, significantly',
    async () => {
      const crawler = createStorefrontCrawler(b2c.url);
      const [top] = await crawler.productsFor(QUESTION, 'en');
      expect(top).toMatchObject({
        host: HOST,
        brand: 'Reference Architecture',
        answerStyle: false,
      } satisfies Partial<StorefrontProduct>);
      const product = top!;
      expect(product.name).toMatch(/Leather Bag/);
      expect(product.url).toBe(
        `https://${HOST}/s/RefArch/${product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${product.id}.html`,
      );

      const sample = async () => {
        let named = 0;
        for (let i = 0; i < SAMPLES; i++) {
          const { text, cited } = await ask(ai, QUESTION);
          if (text.includes(product.brand)) {
            named += 1;
            // Named by its catalogue name, its storefront page cited.
            expect(text).toContain(`${product.name} from ${product.brand}`);
            expect(cited).toContain(product.url);
          } else {
            const others = OTHER_BRANDS.filter((b) => text.includes(b.name));
            expect(others.length).toBeGreaterThanOrEqual(2);
          }
          expect(text).not.toContain(BRAND.name);
        }
        return named;
      };

      const before = await sample();
      expect(before / SAMPLES).toBeGreaterThanOrEqual(0.1);
      expect(before / SAMPLES).toBeLessThanOrEqual(0.5);

      // Publishing the AEO proposal: the top hit's long description gets a FAQ.
      const record = b2c.instance(HOST).data().productsById.get(product.id)!;
      const words = (text: string) => contentWords(text);
      const parts: Parts = {
        adj: SIM_VOCABULARY.adjectives.find((a) =>
          words(product.name).includes(a.en.toLowerCase()),
        )!,
        material: SIM_VOCABULARY.materials.find((m) => m.en === 'Leather')!,
        noun: SIM_VOCABULARY.nouns.find((n) => n.en === 'Bag')!,
      };
      const long = answerStyleLong(parts);
      expect(isAnswerStyle(long)).toBe(true);
      const edit = await fetch(`${b2c.url}/__sim/hosts/${HOST}/products/${product.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ long_description: { default: long, 'en-US': long } }),
      });
      expect(edit.status).toBe(200);
      expect(record.long_description['en-US']?.markup).toBe(long);

      // The crawl is cached for a second; the next run sees the publish.
      await sleep(CRAWL_CACHE_MS + 100);
      const [published] = await createStorefrontCrawler(b2c.url).productsFor(QUESTION, 'en');
      expect(published).toEqual({ ...product, answerStyle: true });

      const after = await sample();
      expect(after / SAMPLES).toBeGreaterThanOrEqual(0.6);
      const test = twoProportionTest(
        { successes: before, n: SAMPLES },
        { successes: after, n: SAMPLES },
      );
      expect(test.significant).toBe(true);
      expect(test.difference).toBeGreaterThan(0);
      // For the report: the measured rates.
      console.info(
        `storefront named: before ${before}/${SAMPLES} (p=${NAMED_OTHERWISE}), after ${after}/${SAMPLES} (p=${NAMED_IF_ANSWER_STYLE}), p-value ${test.pValue?.toFixed(6)}`,
      );
    },
    60_000 /* 120 answers and a second's wait, on a busy machine too */,
  );

  it('fall back to the simulator’s own brand when the crawl fails', async () => {
    const offline = await createAiSimulator({ storefronts: 'http://127.0.0.1:9' });
    try {
      const { text } = await ask(offline, QUESTION);
      expect(text).toContain(BRAND.name);
    } finally {
      await offline.stop();
    }
  });

  it('are not read without web search: a model from memory names its own, fixed world', async () => {
    const response = await fetch(`${ai.baseUrls.openai}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: OPENAI_MODEL, input: QUESTION }),
    });
    const body = (await response.json()) as { output: { content?: { text: string }[] }[] };
    const text = body.output
      .flatMap((o) => o.content ?? [])
      .map((c) => c.text)
      .join('');
    expect(text).toContain(BRAND.name);
    expect(text).toContain(`${BRAND.url}/`);
  });
});
