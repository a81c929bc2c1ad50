/**
 * A market's shopping question, written in its language, is answered in that language: product names
 * in that locale, the storefront's pages in that locale (`?lang=fr_FR`), prices as that language
 * writes them, and wording monitoring's accuracy check reads. The country Beacon gives each vendor's
 * web search is recorded, and changes nothing in the answer. Asked through Beacon's own path (the
 * registry's AI SDK providers, as the monitoring runner asks) and read with the runner's readers.
 */
import { generateText } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AiEngine } from '~/domain/ai/models';
import {
  type CatalogueFacts,
  citedSpans,
  createAccuracyChecker,
} from '~/domain/monitoring/accuracy';
import { createAiRegistry } from '~/server/ai/registry';
import { readSearch } from '~/server/ai/sources';
import { type SimLang, simPriceOf } from '~/simulators/b2c/data';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import { parseMessagesRequest } from './anthropic';
import {
  answer,
  DEFAULT_MISSTATEMENTS,
  languageOf,
  questionLanguage,
  type SimRequest,
} from './answers';
import { parseGenerateContentRequest } from './google';
import { parseResponsesRequest } from './openai';
import { parseSonarRequest } from './perplexity';
import type { AiSimulator } from './simulator';
import { createStorefrontCrawler, type StorefrontProduct } from './storefront';
import { STOREFRONT_HOST, startStorefrontSimulators } from './test-support';

describe('the language of a shopping question', () => {
  it('is the one it is written in, told by its common words', () => {
    expect(questionLanguage('Quel est le meilleur sac en cuir pour le travail ?')).toBe('fr');
    expect(questionLanguage('Welche Tasche aus Leder ist gut für die Arbeit?')).toBe('de');
    expect(questionLanguage('What is a good leather bag for work?')).toBe('en');
    // Product words only: nothing tells, and the answer is in English.
    expect(questionLanguage('Warm hats?')).toBeNull();
    // Accents break a tie: no common word, but only French writes "é".
    expect(questionLanguage('Veste imperméable ?')).toBe('fr');
  });

  it('is French for a French question with "de" in it, which names no German locale', () => {
    const ask = (prompt: string) => languageOf({ prompt, system: '' });
    expect(ask('Quelle veste de pluie pour le vélo ?')).toBe('fr');
    expect(ask('Which jacket would Jean de Florette wear?')).toBe('en');
  });

  it('is the one the question asks for outright, whatever it is written in', () => {
    const ask = (prompt: string) => languageOf({ prompt, system: '' });
    expect(ask('Which leather bag should I buy? Answer in French.')).toBe('fr');
    expect(ask('Which leather bag is best in de-DE stores?')).toBe('de');
    expect(ask('Quel sac en cuir acheter ? Réponds en allemand.')).toBe('de');
    expect(ask('Welche Tasche soll ich kaufen? Antworte auf Englisch.')).toBe('en');
  });

  it("is not read from the words of an agent's task, which names its locale as before", () => {
    const seo = 'Rédigez page_title pour ce produit : Sac en cuir moderne';
    expect(questionLanguage(seo)).toBe('fr');
    expect(languageOf({ prompt: seo, system: '' })).toBe('en');
    expect(languageOf({ prompt: 'Translate into de-DE: "Veste de pluie"', system: '' })).toBe('de');
  });
});

describe('English shopping answers', () => {
  const request = (extra: Partial<SimRequest>): SimRequest => ({
    vendor: 'openai',
    model: 'm',
    system: '',
    prompt: 'What is a good leather bag for work?',
    raw: { extra },
    tools: [],
    toolResults: [],
    occurrence: 0,
    misstatements: { price: 0, discontinued: 0 },
    ...extra,
  });

  /** The answer's lines: text answers only. */
  const linesOf = (req: SimRequest) => {
    const a = answer(req);
    return a.kind === 'text' ? a.text.split('\n') : [];
  };
  const storefront: StorefrontProduct[] = [
    {
      id: 'I-00030',
      name: 'Modern Leather Bag',
      url: 'https://shop.example/s/RefArch/modern-leather-bag/I-00030.html',
      brand: 'Reference Architecture',
      host: 'shop.example',
      answerStyle: true,
      price: { amount: 169.99, currency: 'USD' },
    },
  ];

  // Each expected answer below is what the simulator wrote before it answered in other languages.
  it('read word for word as before, from memory', () => {
    expect(linesOf(request({}))).toEqual([
      'Here are 3 good options for a bag:',
      '1. Essential Leather Bag from Fieldhouse Supply [1]',
      '2. Classic Leather Bag from Beacon Outfitters [2]',
      '3. Lightweight Leather Bag from Harbor & Pine [3]',
      'The Essential Leather Bag from Fieldhouse Supply is the most recommended for everyday wear.',
      '',
      'Sources:',
      '[1] https://fieldhouse-supply.example/products/essential-leather-bag',
      '[2] https://www.beacon-outfitters.example/classic-leather-bag.html',
      '[3] https://harborandpine.example/products/lightweight-leather-bag',
    ]);
  });

  it('read word for word as before, from a web search, misstatements included', () => {
    expect(linesOf(request({ webSearch: { country: 'US' } }))).toEqual([
      'Here are 3 good options for a bag:',
      '1. Classic Leather Bag from Beacon Outfitters',
      '2. Essential Leather Bag from Northwind Apparel',
      '3. Modern Leather Bag from Harbor & Pine',
      '',
      'Reviewers at Gear Review Weekly call the Classic Leather Bag from Beacon Outfitters the most recommended for everyday wear.',
    ]);
    const searched = (misstatements: SimRequest['misstatements']) =>
      linesOf(request({ storefront, occurrence: 0, misstatements, webSearch: {} }));
    expect(searched({ price: 1, discontinued: 0 })).toEqual([
      'Here are 3 good options for a bag:',
      '1. Modern Leather Bag from Reference Architecture — $127',
      '2. Modern Leather Bag from Northwind Apparel',
      '3. Modern Leather Bag from Harbor & Pine',
      '',
      'Reviewers at Gear Review Weekly call the Modern Leather Bag from Reference Architecture the most recommended for everyday wear.',
    ]);
    expect(searched({ price: 0, discontinued: 1 })).toEqual([
      'Here are 3 good options for a bag:',
      '1. Modern Leather Bag from Fieldhouse Supply',
      '2. Vintage Leather Bag from Harbor & Pine',
      '3. Modern Leather Bag from Reference Architecture (discontinued)',
      '',
      'Reviewers at Gear Review Weekly call the Modern Leather Bag from Fieldhouse Supply the most recommended for everyday wear.',
    ]);
  });
});

describe("the country given to a vendor's web search", () => {
  const locationTool = { type: 'approximate', country: 'FR' };

  it('is read from each vendor’s request shape', () => {
    expect(
      parseResponsesRequest({
        input: 'Quel sac ?',
        tools: [{ type: 'web_search', user_location: locationTool }],
      }).webSearch,
    ).toEqual({ country: 'FR', includeSources: false });
    expect(
      parseMessagesRequest({
        messages: [{ role: 'user', content: 'Quel sac ?' }],
        tools: [{ type: 'web_search_20260318', name: 'web_search', user_location: locationTool }],
      }).webSearch,
    ).toEqual({ country: 'FR' });
    expect(
      parseSonarRequest({
        messages: [{ role: 'user', content: 'Quel sac ?' }],
        web_search_options: { search_context_size: 'low', user_location: { country: 'FR' } },
      }).webSearch,
    ).toEqual({ country: 'FR' });
    // Gemini's Google Search takes no location.
    expect(
      parseGenerateContentRequest('gemini', {
        contents: [{ role: 'user', parts: [{ text: 'Quel sac ?' }] }],
        tools: [{ google_search: {} }],
      }).webSearch,
    ).toEqual({});
  });

  it('is absent when the search was given none', () => {
    expect(
      parseResponsesRequest({ input: 'Quel sac ?', tools: [{ type: 'web_search' }] }).webSearch,
    ).toEqual({ includeSources: false });
    expect(
      parseSonarRequest({ messages: [{ role: 'user', content: 'Quel sac ?' }] }).webSearch,
    ).toEqual({});
  });
});

const QUESTION: Record<Exclude<SimLang, 'en'>, string> = {
  fr: 'Quel est le meilleur sac en cuir pour le travail ?',
  de: 'Welche Tasche aus Leder ist gut für die Arbeit?',
};
/** How each language's answer opens, names a product's brand and lists its sources. */
const WRITTEN = {
  fr: {
    intro: /^Voici \d bonnes options dans la catégorie sac :\n/,
    from: ' de ',
    sources: '\nSources :\n',
    locale: 'fr-FR',
    country: 'FR',
    discontinued: 'plus disponible',
  },
  de: {
    intro: /^Hier sind \d gute Optionen in der Kategorie Tasche:\n/,
    from: ' von ',
    sources: '\nQuellen:\n',
    locale: 'de-DE',
    country: 'DE',
    discontinued: 'nicht mehr erhältlich',
  },
} as const;
/** A shopping answer's English phrases, none of which a French or German answer has. */
const ENGLISH = /Here are|good options for| from |most recommended|Reviewers at|Sources:/;
/** Answers asked per language before its storefront's top hit is named (it is, about 1 in 3). */
const SAMPLES = 30;

let b2c: B2CSimulator;
let ai: AiSimulator;

beforeAll(async () => {
  ({ b2c, ai } = await startStorefrontSimulators());
  // A French or German market's storefront sells in euros.
  b2c.instance(STOREFRONT_HOST).data().sites[0]!.currency = 'EUR';
});
afterEach(() => ai.setMisstatements(DEFAULT_MISSTATEMENTS));
afterAll(async () => {
  await ai?.stop();
  await b2c?.stop();
});

describe.each(['fr', 'de'] as const)('a shopping question in %s', (lang) => {
  const written = WRITTEN[lang];
  const registry = () => createAiRegistry({ provider: 'openai', keys: {}, simulatorUrl: ai.url });
  /** The storefront's hits for the question, in its locale: the pages the search finds. */
  let hits: StorefrontProduct[];
  let check: ReturnType<typeof createAccuracyChecker>;

  beforeAll(async () => {
    hits = await createStorefrontCrawler(b2c.url).productsFor(QUESTION[lang], lang);
    // The catalogue as monitoring reads it for the market: names in its locale.
    const data = b2c.instance(STOREFRONT_HOST).data();
    const catalogue: CatalogueFacts[] = data.products
      .filter((p) => p.type === 'master' || p.type === 'item')
      .map((p) => ({
        id: p.id,
        name: p.name[written.locale] ?? p.name.default ?? null,
        online: true,
        price: simPriceOf(data, p),
        currency: 'EUR',
      }));
    check = createAccuracyChecker(catalogue);
  });

  /** The question asked as the monitoring runner asks it, with the market's country; its answer read. */
  async function ask(engine: AiEngine, search: boolean) {
    const resolved = registry().model(engine);
    const result = await generateText({
      model: resolved.model,
      prompt: QUESTION[lang],
      ...(search ? resolved.search({ country: written.country }) : resolved.plain),
    });
    const cited = search ? citedSpans(readSearch(engine, result)) : [];
    return { text: result.text, cited, country: ai.requests.at(-1)?.country };
  }

  /** The storefront's top hit as an answer names it (another retailer may sell one of that name). */
  const topNamed = () => `${hits[0]!.name}${written.from}${hits[0]!.brand}`;

  /** Answers until one names the storefront's top hit (the same question asked again varies). */
  async function askUntilNamed(engine: AiEngine) {
    for (let i = 0; i < SAMPLES; i++) {
      const asked = await ask(engine, true);
      if (asked.text.includes(topNamed())) return asked;
    }
    throw new Error(`No answer named ${topNamed()}`);
  }

  it('crawls the storefront in its locale: localized names and SFRA locale URLs', () => {
    expect(hits.length).toBeGreaterThan(0);
    const param = `?lang=${written.locale.replace('-', '_')}`;
    for (const hit of hits) {
      expect(hit.name).toMatch(lang === 'fr' ? /^Sac en cuir / : /^Tasche .* aus Leder$/);
      expect(hit.url).toMatch(new RegExp(`/${hit.id}\\.html\\${param}$`));
    }
  });

  it.each(['openai', 'anthropic'] as const)(
    '%s with web search: answers in the language and cites the localized page',
    async (engine) => {
      ai.setMisstatements({ price: 0, discontinued: 0 });
      const { text, cited, country } = await askUntilNamed(engine);
      expect(text).toMatch(written.intro);
      expect(text).not.toMatch(ENGLISH);
      expect(hits[0]!.brand).toBe('Reference Architecture');
      expect(cited.map((c) => c.url)).toContain(hits[0]!.url);
      expect(country).toBe(written.country);
    },
  );

  it.each(['openai', 'anthropic'] as const)(
    '%s without search: answers from memory in the language',
    async (engine) => {
      const { text, country } = await ask(engine, false);
      expect(text).toMatch(written.intro);
      expect(text).toContain(written.sources);
      expect(text).not.toMatch(ENGLISH);
      // The simulator's own world, in the question's language.
      expect(text).toMatch(
        lang === 'fr' ? /Sac en cuir \p{L}+ de /u : /Tasche \p{L}+ aus Leder von /u,
      );
      expect(country).toBeUndefined();
    },
  );

  it('states a wrong price as the language writes it, which the accuracy check reads as wrong', async () => {
    ai.setMisstatements({ price: 1, discontinued: 0 });
    const { text, cited } = await askUntilNamed('openai');
    const claims = check(text, cited);
    // "127 €": whole euros after the amount, the space a no-break one.
    expect(claims).toMatchObject([
      {
        productId: hits[0]!.id,
        kind: 'price',
        said: expect.stringMatching(/^\d+[\u00a0\u202f]€$/u),
        mismatch: true,
      },
    ]);
  });

  it('calls the product discontinued in words the accuracy check reads as that claim', async () => {
    ai.setMisstatements({ price: 0, discontinued: 1 });
    const { text, cited } = await askUntilNamed('anthropic');
    expect(check(text, cited)).toMatchObject([
      { productId: hits[0]!.id, kind: 'availability', said: written.discontinued, mismatch: true },
    ]);
  });
});

describe('a French answer about a product that shares its name', () => {
  it('is attributed to the product whose localized page it cites', async () => {
    const hits = await createStorefrontCrawler(b2c.url).productsFor(QUESTION.fr, 'fr');
    const [top] = hits;
    const twin = hits.find((h) => h !== top && h.name === top?.name);
    // The seeded storefront has two "Sac en cuir moderne": the name alone tells them not apart.
    expect(twin).toBeDefined();
    const check = createAccuracyChecker(
      hits.map((h) => ({
        id: h.id,
        name: h.name,
        online: true,
        price: h.price!.amount,
        currency: 'EUR',
      })),
    );
    ai.setMisstatements({ price: 1, discontinued: 0 });
    const resolved = createAiRegistry({ provider: 'openai', keys: {}, simulatorUrl: ai.url }).model(
      'openai',
    );
    for (let i = 0; i < SAMPLES; i++) {
      const result = await generateText({
        model: resolved.model,
        prompt: QUESTION.fr,
        ...resolved.search({ country: 'FR' }),
      });
      if (!result.text.includes(`${top!.name} de ${top!.brand}`)) continue;
      const cited = citedSpans(readSearch('openai', result));
      expect(check(result.text, cited)).toMatchObject([{ productId: top!.id, mismatch: true }]);
      expect(check(result.text)).toEqual([]);
      return;
    }
    throw new Error(`No answer named ${top!.name}`);
  });
});
