/**
 * Shopping answers state the storefront product's price as its page shows it, and at configurable
 * rates a wrong price or that it is discontinued: what monitoring's accuracy check finds
 * (domain/monitoring/accuracy.ts), read here with that same checker.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_MODEL } from '~/domain/ai/models';
import { type CatalogueFacts, createAccuracyChecker } from '~/domain/monitoring/accuracy';
import { simPriceOf } from '~/simulators/b2c/data';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import { DEFAULT_MISSTATEMENTS } from './answers';
import type { AiSimulator } from './simulator';
import { createStorefrontCrawler } from './storefront';
import { STOREFRONT_HOST, startStorefrontSimulators } from './test-support';

const QUESTION = 'What is a good leather bag for work?';
const SAMPLES = 40;

let b2c: B2CSimulator;
let ai: AiSimulator;
let check: ReturnType<typeof createAccuracyChecker>;
let topId: string;

beforeAll(async () => {
  ({ b2c, ai } = await startStorefrontSimulators());
  const data = b2c.instance(STOREFRONT_HOST).data();
  const catalogue: CatalogueFacts[] = data.products
    .filter((p) => p.type === 'master' || p.type === 'item')
    .map((p) => ({
      id: p.id,
      name: p.name.default ?? null,
      online: true,
      price: simPriceOf(data, p),
      currency: 'USD',
    }));
  check = createAccuracyChecker(catalogue);
  const [top] = await createStorefrontCrawler(b2c.url).productsFor(QUESTION, 'en');
  topId = top!.id;
});
afterEach(() => ai.setMisstatements(DEFAULT_MISSTATEMENTS));
afterAll(async () => {
  await ai?.stop();
  await b2c?.stop();
});

/** One answer to the question through the Responses API with web search: its text part. */
async function searchedAnswer() {
  const response = await fetch(`${ai.baseUrls.openai}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: OPENAI_MODEL,
      input: [{ role: 'user', content: [{ type: 'input_text', text: QUESTION }] }],
      tools: [{ type: 'web_search' }],
    }),
  });
  const body = (await response.json()) as {
    output: {
      content?: {
        text: string;
        annotations: { url: string; start_index: number; end_index: number }[];
      }[];
    }[];
  };
  return body.output.flatMap((o) => o.content ?? [])[0];
}

/** SAMPLES answers to the question through the Responses API with web search; their claims. */
async function claims() {
  const all = [];
  for (let i = 0; i < SAMPLES; i++) {
    const part = await searchedAnswer();
    // The pages the engine cited for each span: which of two same-named products a line is about.
    const cited = (part?.annotations ?? []).map((a) => ({
      start: a.start_index,
      end: a.end_index,
      url: a.url,
    }));
    all.push(...check(part?.text ?? '', cited));
  }
  return all;
}

describe('misstatements', () => {
  it('are none at rate 0: every claim about the storefront product holds', async () => {
    ai.setMisstatements({ price: 0, discontinued: 0 });
    const found = await claims();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.productId === topId && c.kind === 'price')).toBe(true);
    expect(found.filter((c) => c.mismatch)).toEqual([]);
  });

  it('are every price claim at rate 1, each beyond rounding', async () => {
    ai.setMisstatements({ price: 1, discontinued: 0 });
    const found = await claims();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.kind === 'price' && c.mismatch)).toBe(true);
  });

  it('call the product discontinued at that rate, while the storefront sells it', async () => {
    ai.setMisstatements({ price: 0, discontinued: 1 });
    const found = await claims();
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((c) => [c.kind, c.said, c.catalogue, c.mismatch])).toEqual(
      found.map(() => ['availability', 'discontinued', 'online', true]),
    );
  });

  it('are set over HTTP, and refused outside 0 to 1', async () => {
    const post = (body: unknown) =>
      fetch(`${ai.url}/__sim/misstatements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ price: 1.5, discontinued: 0 })).status).toBe(400);
    expect((await post({ price: 0.6, discontinued: 0.6 })).status).toBe(400);
    const set = await post({ price: 0.25, discontinued: 0 });
    expect(await set.json()).toEqual({ price: 0.25, discontinued: 0 });
  });
});

describe('visibility', () => {
  /** SAMPLES answers' texts. */
  async function texts() {
    const out: string[] = [];
    for (let i = 0; i < SAMPLES; i++) out.push((await searchedAnswer())?.text ?? '');
    return out;
  }
  const naming = (all: string[]) => all.filter((t) => t.includes(STOREFRONT_BRAND)).length;
  const STOREFRONT_BRAND = 'Reference Architecture';

  it('at 0 no answer names the storefront; set back to 1, they do as modelled', async () => {
    ai.setVisibility(0);
    try {
      expect(naming(await texts())).toBe(0);
    } finally {
      ai.setVisibility(1);
    }
    expect(naming(await texts())).toBeGreaterThan(0);
  });

  it('is set over HTTP as the e2e suite sets it, and refuses a share outside 0 to 1', async () => {
    const post = (body: unknown) =>
      fetch(`${ai.url}/__sim/visibility`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ share: 2 })).status).toBe(400);
    const ok = await post({ share: 1 });
    expect(await ok.json()).toEqual({ share: 1 });
  });
});
