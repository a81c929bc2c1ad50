/**
 * What the simulated models say. Every answer is a pure function of the request (seeded by its
 * hash) and reads like Beacon's work: translations of the catalogue's vocabulary, SEO fields
 * written from a product's attributes, and shopping answers that name brands and products and cite
 * URLs. The vendor routes only change the envelope.
 */
import {
  productName,
  SEO,
  SIM_VOCABULARY,
  type Parts,
  type SimLang,
  type SimWords,
} from '~/simulators/b2c/data';
import { createPrng, hashSeed, type Prng } from '~/simulators/b2c/prng';
import { generateFromSchema, type JsonSchema, schemaBreakingValue } from './json-schema';
import { contentWords, type StorefrontProduct } from './storefront';
import {
  domainOf,
  REVIEW_SITES,
  type SearchCitation,
  type SearchOutcome,
  type SearchResult,
  type SimWebSearch,
} from './web-search';

export type AiVendor = 'openai' | 'anthropic' | 'google' | 'perplexity';

export interface SimTool {
  name: string;
  description?: string;
  schema: JsonSchema;
}

/** A vendor's request, reduced to what the answer depends on. */
export interface SimRequest {
  vendor: AiVendor;
  model: string;
  system: string;
  /** The last user turn's text. */
  prompt: string;
  /** The whole request body, for the seed and the input token count. */
  raw: unknown;
  schema?: JsonSchema;
  tools: SimTool[];
  /** A tool the request forces (tool_choice); `true` when any tool must be called. */
  forcedTool?: string | true;
  /** Results of earlier tool calls in the conversation, as text. */
  toolResults: string[];
  /**
   * How many times the simulator saw this same request before (0 the first time). Shopping answers
   * vary with it, as an assistant's answers to the same question do; everything else does not.
   */
  occurrence?: number;
  /**
   * For a shopping question, what the live storefronts answer it with (top hit first), as the
   * simulator crawled them; absent or empty, the answer names the simulator's own brand.
   */
  storefront?: StorefrontProduct[];
  /** The request gave the engine its vendor's web search tool. */
  webSearch?: SimWebSearch;
  /** How often a shopping answer misstates the storefront product's price or calls it discontinued. */
  misstatements?: Misstatements;
  /** Scales how often a shopping answer names the storefront's product (1 when absent). */
  visibility?: number;
}

/** Shares of shopping answers that get the storefront's product wrong (each 0 to 1). */
export interface Misstatements {
  /** States a price other than the storefront's. */
  price: number;
  /** Says the product is discontinued (the storefront sells it). */
  discontinued: number;
}
/** What a simulator starts with: enough wrong answers for the demo's accuracy view to show some. */
export const DEFAULT_MISSTATEMENTS: Misstatements = { price: 0.1, discontinued: 0.05 };

export type SimAnswer =
  | {
      kind: 'text';
      text: string;
      inputTokens: number;
      outputTokens: number;
      /** What the engine's web search found and which spans of `text` cite it. */
      search?: SearchOutcome;
    }
  | {
      kind: 'tool';
      calls: { id: string; name: string; args: Record<string, unknown> }[];
      inputTokens: number;
      outputTokens: number;
    };

export type AnswerFlavour = 'valid' | 'malformed' | 'schema-breaking';

export const BRAND = {
  name: 'Beacon Outfitters',
  url: 'https://www.beacon-outfitters.example',
};
/** Other retailers a shopping answer may recommend next to the storefront's brand. */
export const OTHER_BRANDS = [
  { name: 'Northwind Apparel', url: 'https://northwind-apparel.example' },
  { name: 'Harbor & Pine', url: 'https://harborandpine.example' },
  { name: 'Fieldhouse Supply', url: 'https://fieldhouse-supply.example' },
];

const LOCALE_OF: Record<SimLang, string> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE' };

export const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The target language a prompt asks for, if any. */
export function targetLanguage(text: string): SimLang | null {
  // "from en-US into fr-FR": the locale after into/to/in wins over the first one named.
  const target = /\b(?:into|to|in)\s+(?:the\s+)?(fr-FR|de-DE|en-US|French|German|English)\b/i.exec(
    text,
  );
  if (target?.[1]) return targetLanguage(target[1]);
  if (/\bfr(-FR)?\b|french|français/i.test(text)) return 'fr';
  if (/\bde(-DE)?\b|german|deutsch/i.test(text)) return 'de';
  if (/\ben(-US)?\b|english/i.test(text)) return 'en';
  return null;
}

/**
 * The language a shopping question names outright: a locale with its region ("fr-FR", "de_DE") or a
 * language asked for ("in French", "en français", "auf Deutsch"). Unlike `targetLanguage`, a bare
 * "de", "en" or "fr" is no locale here: in a French question they are words ("veste de pluie").
 */
export function explicitLanguage(text: string): SimLang | null {
  const asked =
    /\b(?:into|to|in|en|auf)\s+(?:the\s+)?(French|German|English|français|allemand|anglais|Deutsch|Englisch|Französisch)\b/iu.exec(
      text,
    )?.[1];
  const locale = /\b(fr[-_]FR|de[-_]DE|en[-_]US)\b/i.exec(text)?.[1];
  const named = (asked ?? locale)?.toLowerCase();
  if (named === undefined) return null;
  if (/^(?:fr|french|français|französisch)/.test(named)) return 'fr';
  if (/^(?:de|german|allemand|deutsch)/.test(named)) return 'de';
  return 'en';
}

/**
 * Words nearly every question in a language has (articles, prepositions, question words, "best"),
 * and few in the other two: how the language of a shopping question is told. A word two languages
 * share ("des", "a", "on") counts for both; "in" and "me", common to two of them, count for none.
 */
const QUESTION_WORDS: Record<SimLang, Set<string>> = {
  en: new Set(
    (
      'a an the is are was what which who where when how should would could can do does did i my ' +
      'you your for with of to and or on at from best good better buy need looking recommend ' +
      'under that this it there'
    ).split(' '),
  ),
  fr: new Set(
    (
      'le la les l un une des du de d est sont quel quelle quels quelles qui que qu où quand ' +
      'comment pour avec et ou au aux en dans sur chez meilleur meilleure meilleurs meilleures ' +
      'bon bonne bons bonnes je j mon ma mes vous votre vos acheter cherche conseillez ' +
      'recommandez moins ce cette ces il y a pas on'
    ).split(' '),
  ),
  de: new Set(
    (
      'der die das den dem des ein eine einen einem einer ist sind welche welcher welches ' +
      'welchen wie was wo wann für mit und oder im am zum zur auf vom beim beste besten bester ' +
      'bestes gute guter gutes ich mein meine suche kaufen empfehlen empfiehlt sie unter bis ' +
      'es gibt nicht an'
    ).split(' '),
  ),
};
/** Letters only French or only German writes: what decides between languages the words tie. */
const ACCENTS: Partial<Record<SimLang, RegExp>> = {
  fr: /[àâçéèêëîïôùûÿœ]/iu,
  de: /[äöüß]/iu,
};

/**
 * The language a question is written in, told by its common words (accents break a tie); null when
 * nothing tells (a question of product words only, "Warm hats?"), which is read as English.
 */
export function questionLanguage(text: string): SimLang | null {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  const langs = ['en', 'fr', 'de'] as const;
  const scores = langs.map((lang) => words.filter((w) => QUESTION_WORDS[lang].has(w)).length);
  const top = Math.max(...scores);
  const leaders = langs.filter((_lang, i) => scores[i] === top);
  if (leaders.length === 1 && top > 0) return leaders[0]!;
  const accented = leaders.filter((lang) => ACCENTS[lang]?.test(text));
  return accented.length === 1 ? accented[0]! : null;
}

/**
 * The language a request is answered in. An agent's task (a translation, SEO or AEO fields) names
 * its target locale: the prompt's, else the system prompt's, else English. A shopping question is
 * answered in the language it asks for outright, else the one it is written in, as assistants do.
 */
export function languageOf(req: Pick<SimRequest, 'prompt' | 'system'>): SimLang {
  if (taskOf(`${req.system}\n${req.prompt}`) !== 'shopping') {
    return targetLanguage(req.prompt) ?? targetLanguage(req.system) ?? 'en';
  }
  return (
    explicitLanguage(req.prompt) ??
    explicitLanguage(req.system) ??
    questionLanguage(req.prompt) ??
    'en'
  );
}

type Role = keyof typeof SIM_VOCABULARY;
const ROLES: Role[] = ['adjectives', 'materials', 'colors', 'nouns', 'categories'];

function findWord(text: string, role: Role, from: SimLang = 'en'): SimWords | undefined {
  const lower = text.toLowerCase();
  // Longest first, so "Duvet Cover" wins over "Cover".
  return [...SIM_VOCABULARY[role]]
    .sort((a, b) => b[from].length - a[from].length)
    .find((w) =>
      new RegExp(`(^|[^\\p{L}])${escapeRegExp(w[from].toLowerCase())}($|[^\\p{L}])`, 'u').test(
        lower,
      ),
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The product a text talks about, when it names one with the catalogue's words: in `lang`'s words,
 * else in English ones (a French question may say "blazer" or "premium").
 */
export function productParts(text: string, lang: SimLang = 'en'): Parts | null {
  const find = (role: Role) => findWord(text, role, lang) ?? findWord(text, role, 'en');
  const noun = find('nouns');
  if (!noun) return null;
  const color = find('colors');
  return {
    adj: find('adjectives') ?? SIM_VOCABULARY.adjectives[0]!,
    material: find('materials') ?? SIM_VOCABULARY.materials[0]!,
    noun,
    ...(color ? { color } : {}),
  };
}

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Translates one phrase: the catalogue's own texts (a product name, its page title and description,
 * its short and long descriptions) become the same text in the target language; other text is
 * translated word by word. Markup around the text is kept.
 */
export function translatePhrase(phrase: string, lang: SimLang): string {
  const wrapped = /^(\s*<p>)([\s\S]*)(<\/p>\s*)$/.exec(phrase);
  if (wrapped) return `${wrapped[1]}${translatePhrase(wrapped[2] ?? '', lang)}${wrapped[3]}`;
  const parts = productParts(phrase);
  if (parts) {
    const en = productName(parts, 'en');
    const to = productName(parts, lang);
    const known: [string, string][] = [
      [en, to],
      [SEO.title(en), SEO.title(to)],
      [SEO.description.en(en), SEO.description[lang](to)],
      [SEO.short.en(parts), SEO.short[lang](parts)],
      [SEO.long.en(parts), SEO.long[lang](parts)],
    ];
    const match = known.find(([source]) => normalize(source) === normalize(phrase));
    if (match) return match[1];
    // A short name-like phrase ("Linen Dress in Olive") reads best as a product name.
    if (phrase.split(/\s+/).length <= 6 && !/[.!?]/.test(phrase)) return to;
  }
  let out = phrase;
  for (const role of ROLES) {
    for (const w of [...SIM_VOCABULARY[role]].sort((a, b) => b.en.length - a.en.length)) {
      out = out.replace(
        new RegExp(`(^|[^\\p{L}])${escapeRegExp(w.en)}(?=$|[^\\p{L}])`, 'giu'),
        (_m, lead: string) => `${lead}${w[lang]}`,
      );
    }
  }
  return out;
}

/** The phrases a translation prompt asks for: quoted strings, else "field: value" lines, else the last line. */
export function phrasesToTranslate(prompt: string): string[] {
  // JSON strings (Beacon's agents send each value as one), decoded; plain quotes otherwise.
  const quoted = [...prompt.matchAll(/"((?:[^"\\\n]|\\.){1,4000})"/g)].map((m) => {
    try {
      return JSON.parse(`"${m[1] ?? ''}"`) as string;
    } catch {
      return m[1] ?? '';
    }
  });
  if (quoted.length > 0) return quoted;
  const fields = [...prompt.matchAll(/^\s*[\w-]+:\s*(.+)$/gm)].map((m) => (m[1] ?? '').trim());
  if (fields.length > 0) return fields;
  const lines = prompt
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return [lines.at(-1) ?? prompt];
}

/** The field names a prompt lists as "field: value" lines. */
export function fieldNames(prompt: string): string[] {
  return [...prompt.matchAll(/^\s*([\w-]+):\s*\S/gm)].map((m) => m[1] ?? '');
}

type Task = 'translation' | 'seo' | 'aeo' | 'shopping';

export function taskOf(text: string): Task {
  if (/translat|übersetz|tradui/i.test(text)) return 'translation';
  if (/AEO Specialist/.test(text)) return 'aeo';
  if (/\bseo\b|page_title|page_description|page_keywords|meta description/i.test(text))
    return 'seo';
  return 'shopping';
}

export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    // "léger" → "leger": the accent is a mark of its own after NFKD, not a word break.
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

function seoFields(parts: Parts, lang: SimLang) {
  const name = productName(parts, lang);
  const noun = parts.noun[lang];
  const material = parts.material[lang];
  const title = `${name} | ${BRAND.name}`.slice(0, 60);
  const description = {
    en: `Discover the ${name}: ${parts.adj.en.toLowerCase()} ${material.toLowerCase()} made for everyday wear. Free returns within 30 days at ${BRAND.name}.`,
    fr: `Découvrez ${name} : ${material} ${parts.adj.fr} pour tous les jours. Retours gratuits sous 30 jours chez ${BRAND.name}.`,
    de: `Entdecken Sie ${name}: ${material} für jeden Tag. Kostenlose Rücksendung in 30 Tagen bei ${BRAND.name}.`,
  }[lang].slice(0, 160);
  const keywords = [
    `${material} ${noun}`.toLowerCase(),
    `${parts.adj[lang]} ${noun}`.toLowerCase(),
    ...(parts.color ? [`${parts.color[lang]} ${noun}`.toLowerCase()] : []),
    BRAND.name.toLowerCase(),
  ].join(', ');
  return { name, title, description, keywords };
}

interface Recommendation {
  brand: string;
  product: string;
  url: string;
  /** What the answer says of it after its name: its price, or that it is discontinued. */
  claim?: string;
}

/**
 * What an answer says of the storefront's product besides its name: its price as its page shows it,
 * or, at the request's rates, a wrong price (rounded to whole units, as answers write prices) or that
 * it is discontinued. Drawn from a generator of its own, so the rest of the answer stays as it was.
 */
function claimOf(
  product: StorefrontProduct,
  lang: SimLang,
  rates: Misstatements,
  draw: Prng,
): string | undefined {
  const roll = draw.next();
  if (roll < rates.discontinued) return SHOPPING[lang].discontinued;
  if (!product.price) return undefined;
  const format = (amount: number, digits: number) =>
    new Intl.NumberFormat(LOCALE_OF[lang], {
      style: 'currency',
      currency: product.price!.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  if (roll < rates.discontinued + rates.price) {
    const factor = draw.pick([0.75, 1.2, 1.35]);
    return ` — ${format(Math.round(product.price.amount * factor), 0)}`;
  }
  return ` — ${format(product.price.amount, 2)}`;
}

/** What a shopping answer says around the products it names, in each language it answers in. */
interface ShoppingPhrases {
  /** The product noun as the intro and the review titles write it. */
  noun(parts: Parts): string;
  intro(count: number, noun: string): string;
  /** A product and its brand, as a list line and a citation name them. */
  named(product: string, brand: string): string;
  closing(product: string, brand: string): string;
  /** The closing of an answer written from a web search: what a review site says of the top pick. */
  review(site: string, product: string, brand: string): string;
  reviewTitle(noun: string): string;
  sources: string;
  /**
   * Said after a product the answer calls discontinued: wording monitoring's accuracy check reads as
   * such a claim (its UNAVAILABLE cues, not negated; domain/monitoring/accuracy.ts).
   */
  discontinued: string;
}

/**
 * The French and German phrasings avoid the article before the noun ("un sac", "une veste", "einen
 * Gürtel"): the catalogue's vocabulary has no genders, so each sentence is built where none is needed.
 */
const SHOPPING: Record<SimLang, ShoppingPhrases> = {
  en: {
    noun: (parts) => parts.noun.en.toLowerCase(),
    intro: (count, noun) => `Here are ${count} good options for a ${noun}:`,
    named: (product, brand) => `${product} from ${brand}`,
    closing: (product, brand) =>
      `The ${product} from ${brand} is the most recommended for everyday wear.`,
    review: (site, product, brand) =>
      `Reviewers at ${site} call the ${product} from ${brand} the most recommended for everyday wear.`,
    reviewTitle: (noun) => `The best ${noun} options, tested`,
    sources: 'Sources:',
    discontinued: ' (discontinued)',
  },
  fr: {
    noun: (parts) => parts.noun.fr.toLowerCase(),
    intro: (count, noun) => `Voici ${count} bonnes options dans la catégorie ${noun} :`,
    named: (product, brand) => `${product} de ${brand}`,
    closing: (product, brand) =>
      `${product} de ${brand} est le choix le plus recommandé pour tous les jours.`,
    review: (site, product, brand) =>
      `Selon les testeurs de ${site}, ${product} de ${brand} est le choix le plus recommandé pour tous les jours.`,
    reviewTitle: (noun) => `Les meilleures options dans la catégorie ${noun}, testées`,
    sources: 'Sources :',
    discontinued: " (n'est plus disponible)",
  },
  de: {
    noun: (parts) => parts.noun.de,
    intro: (count, noun) => `Hier sind ${count} gute Optionen in der Kategorie ${noun}:`,
    named: (product, brand) => `${product} von ${brand}`,
    closing: (product, brand) =>
      `${product} von ${brand} ist die am häufigsten empfohlene Wahl für den Alltag.`,
    review: (site, product, brand) =>
      `Laut den Testern von ${site} ist ${product} von ${brand} die am häufigsten empfohlene Wahl für den Alltag.`,
    reviewTitle: (noun) => `Die besten Optionen in der Kategorie ${noun} im Test`,
    sources: 'Quellen:',
    discontinued: ' (nicht mehr erhältlich)',
  },
};

/** How often a shopping answer names the storefront's top hit when its description is answer-style. */
export const NAMED_IF_ANSWER_STYLE = 0.8;
/** How often it names the top hit otherwise. */
export const NAMED_OTHERWISE = 0.3;

/**
 * A page of the synthetic web in a language: English pages are at the site's own paths, the others
 * under a language prefix ("/fr/…"), as retailers and review sites localize theirs.
 */
const localizedPage = (site: string, path: string, lang: SimLang) =>
  lang === 'en' ? `${site}/${path}` : `${site}/${lang}/${path}`;

/** `count` other retailers' takes on the product, in a request-dependent order. */
function otherRecommendations(
  prng: Prng,
  parts: Parts,
  count: number,
  lang: SimLang,
): Recommendation[] {
  return [...OTHER_BRANDS]
    .sort(() => prng.next() - 0.5)
    .slice(0, count)
    .map((b) => {
      const alt: Parts = { ...parts, adj: prng.pick(SIM_VOCABULARY.adjectives) };
      const product = productName(alt, lang);
      return {
        brand: b.name,
        product,
        url: localizedPage(b.url, `products/${slug(product)}`, lang),
      };
    });
}

/**
 * The products a shopping answer recommends. With a storefront, its top hit is named with a
 * probability that depends on whether its description answers questions (else only other brands are);
 * without one, the simulator's own brand always is.
 */
function recommendations(
  prng: Prng,
  parts: Parts,
  lang: SimLang,
  storefront: readonly StorefrontProduct[] = [],
  claims?: { rates: Misstatements; draw: Prng },
  visibility = 1,
): Recommendation[] {
  const candidate = storefront[0];
  let own: Recommendation;
  if (candidate) {
    const named = prng.chance(
      (candidate.answerStyle ? NAMED_IF_ANSWER_STYLE : NAMED_OTHERWISE) * visibility,
    );
    if (!named) return otherRecommendations(prng, parts, prng.int(2, OTHER_BRANDS.length), lang);
    const claim = claims && claimOf(candidate, lang, claims.rates, claims.draw);
    own = {
      brand: candidate.brand,
      product: candidate.name,
      url: candidate.url,
      ...(claim ? { claim } : {}),
    };
  } else {
    const product = productName(parts, lang);
    own = {
      brand: BRAND.name,
      product,
      url: localizedPage(BRAND.url, `${slug(product)}.html`, lang),
    };
  }
  const others = otherRecommendations(prng, parts, 2, lang);
  // Where the storefront's own product ranks depends on the request, as it does with real assistants.
  const at = prng.int(0, others.length);
  return [...others.slice(0, at), own, ...others.slice(at)];
}

/** Everything an answer may say, worked out once per request. */
interface Material {
  task: Task;
  lang: SimLang;
  parts: Parts;
  translations: string[];
  fields: string[];
  seo: ReturnType<typeof seoFields>;
  recs: Recommendation[];
  text: string;
}

function material(req: SimRequest, prng: Prng): Material {
  const whole = `${req.system}\n${req.prompt}`;
  const task = taskOf(whole);
  const lang = languageOf(req);
  // A shopping question names the product in its own language; an agent's prompt, in English.
  const parts: Parts = productParts(req.prompt, task === 'shopping' ? lang : 'en') ?? {
    adj: prng.pick(SIM_VOCABULARY.adjectives),
    material: prng.pick(SIM_VOCABULARY.materials),
    noun: prng.pick(SIM_VOCABULARY.nouns),
  };
  const seo = seoFields(parts, lang);
  const translations =
    task === 'translation'
      ? phrasesToTranslate(req.prompt).map((p) => translatePhrase(p, lang))
      : [];
  const recs = recommendations(
    prng,
    parts,
    lang,
    req.storefront,
    {
      rates: req.misstatements ?? DEFAULT_MISSTATEMENTS,
      draw: createPrng(hashSeed('claims', seedOf(req), req.occurrence ?? 0)),
    },
    req.visibility ?? 1,
  );
  let text: string;
  const figures = req.toolResults.length > 0 ? figuresAnswer(req.toolResults) : null;
  if (figures !== null) {
    text = figures;
  } else if (req.toolResults.length > 0) {
    text = `Based on the tool results (${req.toolResults.join('; ').slice(0, 200)}), ${
      task === 'shopping'
        ? `I recommend the ${recs[0]?.product} from ${recs[0]?.brand}.`
        : 'here is the answer.'
    }`;
  } else if (task === 'translation') {
    text = translations.join('\n');
  } else if (task === 'seo') {
    text = `Page title: ${seo.title}\nPage description: ${seo.description}\nPage keywords: ${seo.keywords}`;
  } else {
    const say = SHOPPING[lang];
    const lines = recs.map(
      (r, i) => `${i + 1}. ${say.named(r.product, r.brand)}${r.claim ?? ''} [${i + 1}]`,
    );
    text = [
      say.intro(recs.length, say.noun(parts)),
      ...lines,
      say.closing(String(recs[0]?.product), String(recs[0]?.brand)),
      '',
      say.sources,
      ...recs.map((r, i) => `[${i + 1}] ${r.url}`),
    ].join('\n');
  }
  return { task, lang, parts, translations, fields: fieldNames(req.prompt), seo, recs, text };
}

/** The product fields Beacon's agents ask for, each as `{ value, reasoning }` under its name. */
const AGENT_FIELDS = new Set([
  'name',
  'short_description',
  'long_description',
  'page_title',
  'page_description',
  'page_keywords',
]);

const STORE = { en: 'online store', fr: 'boutique en ligne', de: 'Online-Shop' } as const;
/** The FAQ the AEO agent appends to a long description: questions shoppers ask, each answered. */
export const FAQ = {
  en: (noun: string, material: string) =>
    `<h3>FAQ</h3><p><strong>Who is this ${noun} for?</strong> Anyone who wants ${material} that lasts, every day.</p><p><strong>How do I care for it?</strong> Machine wash cold and dry flat.</p>`,
  fr: (noun: string, material: string) =>
    `<h3>FAQ</h3><p><strong>Pour qui est ce modèle ${noun} ?</strong> Pour tous ceux qui veulent du ${material} durable, tous les jours.</p><p><strong>Comment l’entretenir ?</strong> Lavage en machine à froid et séchage à plat.</p>`,
  de: (noun: string, material: string) =>
    `<h3>FAQ</h3><p><strong>Für wen ist dieses Modell ${noun}?</strong> Für alle, die jeden Tag ${material} mit langer Lebensdauer wollen.</p><p><strong>Wie pflege ich es?</strong> Bei kalter Temperatur in der Maschine waschen und liegend trocknen.</p>`,
} as const;
const REASON = {
  en: 'Names what the product is and what sets it apart, in the words shoppers use.',
  fr: 'Nomme le produit et ce qui le distingue, avec les mots des clients.',
  de: 'Nennt das Produkt und was es auszeichnet, mit den Worten der Kunden.',
} as const;

/** What an agent's item gets for one field: a translation, or a value written for the task. */
function agentField(m: Material, field: string, key: string): string {
  if (key === 'reasoning') return REASON[m.lang];
  if (m.task === 'translation') {
    const at = m.fields.indexOf(field);
    return m.translations[at >= 0 ? at : 0] ?? m.seo.name;
  }
  const { parts, lang } = m;
  const short = SEO.short[lang](parts);
  const long = SEO.long[lang](parts);
  switch (field) {
    case 'page_title':
      return `${m.seo.name} | ${BRAND.name} ${STORE[lang]}`.slice(0, 60);
    case 'page_description':
      return m.seo.description;
    case 'page_keywords':
      return m.seo.keywords;
    case 'short_description':
      return m.task === 'aeo'
        ? `<p>${short} ${REASON[lang]}</p>`
        : `<p>${short} ${m.seo.description}</p>`;
    case 'long_description':
      return m.task === 'aeo'
        ? `<p>${long}</p>${FAQ[lang](parts.noun[lang], parts.material[lang])}`
        : `<p>${long}</p><p>${m.seo.description}</p>`;
    default:
      return m.seo.name;
  }
}

/** A string for a structured-output field, chosen by the field's name and the task. */
function fieldString(m: Material, path: readonly string[], index: number, forTool = false): string {
  const key = (path.at(-1) ?? '').toLowerCase();
  const parent = path.at(-2) ?? '';
  if ((key === 'value' || key === 'reasoning') && AGENT_FIELDS.has(parent)) {
    return agentField(m, parent, key);
  }
  const rec = m.recs[index % Math.max(1, m.recs.length)];
  if (/locale|language|lang$/.test(key)) return LOCALE_OF[m.lang];
  if (/^(field|attribute|key)(name)?$/.test(key) && m.fields.length > 0) {
    return m.fields[index % m.fields.length] ?? '';
  }
  if (/url|link|href|source|citation/.test(key)) return rec?.url ?? BRAND.url;
  if (/brand/.test(key)) return rec?.brand ?? BRAND.name;
  if (/keyword/.test(key)) return m.seo.keywords;
  if (/(^|_)id$|id$/.test(key)) return `sim-${index + 1}`;
  if (m.task === 'translation' && m.translations.length > 0) {
    return m.translations[index % m.translations.length] ?? '';
  }
  if (/title|headline/.test(key)) return m.seo.title;
  if (/description|summary|reason|rationale/.test(key)) return m.seo.description;
  if (/product|name/.test(key)) {
    // A tool is asked about the product the prompt names; an answer may list several.
    return m.task === 'shopping' && !forTool ? (rec?.product ?? m.seo.name) : m.seo.name;
  }
  if (/answer|content|text|message|response/.test(key)) return m.text;
  return m.seo.name;
}

/** The seed of a request's answer: the same request always gets the same answer. */
export const seedOf = (req: SimRequest) => hashSeed(req.vendor, req.model, JSON.stringify(req.raw));

/** The simulated model's answer to a request. */
export function answer(req: SimRequest, flavour: AnswerFlavour = 'valid'): SimAnswer {
  const seed = seedOf(req);
  const shopping = taskOf(`${req.system}\n${req.prompt}`) === 'shopping';
  const prng = createPrng(
    shopping && req.occurrence ? hashSeed(String(seed), String(req.occurrence)) : seed,
  );
  const m = material(req, prng);
  const inputTokens = tokensOf(JSON.stringify(req.raw));
  const strings = (path: readonly string[], index: number) => fieldString(m, path, index);

  const wantsTool =
    req.tools.length > 0 && (req.forcedTool !== undefined || req.toolResults.length === 0);
  if (wantsTool) {
    const tool =
      (typeof req.forcedTool === 'string' && req.tools.find((t) => t.name === req.forcedTool)) ||
      bestTool(req.tools, req.prompt);
    if (tool) {
      const args = argsFromQuestion(
        tool.schema,
        generateFromSchema(tool.schema, {
          prng,
          strings: (path, index) => fieldString(m, path, index, true),
        }),
        req.prompt,
      );
      const call = {
        id: `call_${seed.toString(36)}`,
        name: tool.name,
        args:
          typeof args === 'object' && args !== null && !Array.isArray(args)
            ? (args as Record<string, unknown>)
            : {},
      };
      return {
        kind: 'tool',
        calls: [call],
        inputTokens,
        outputTokens: tokensOf(JSON.stringify(call)),
      };
    }
  }

  if (req.webSearch && m.task === 'shopping' && !req.schema && req.toolResults.length === 0) {
    const searched = searchedAnswer(req, m);
    return { kind: 'text', ...searched, inputTokens, outputTokens: tokensOf(searched.text) };
  }

  let text = m.text;
  if (req.schema) {
    const value =
      flavour === 'schema-breaking'
        ? schemaBreakingValue(req.schema, { prng, strings })
        : generateFromSchema(req.schema, { prng, strings });
    text = JSON.stringify(value);
  }
  // Cut mid-value: what a model that stopped early, or ignored the format, sends.
  if (flavour === 'malformed') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  return { kind: 'text', text, inputTokens, outputTokens: tokensOf(text) };
}

/**
 * A shopping answer written from a web search: the same recommendations, each citing its page, and a
 * closing line citing a review site. The search found every storefront hit (named or not), each
 * recommended page and the review sites.
 */
function searchedAnswer(req: SimRequest, m: Material): { text: string; search: SearchOutcome } {
  const results: SearchResult[] = [];
  const indexOf = (url: string, title: string) => {
    const at = results.findIndex((r) => r.url === url);
    if (at >= 0) return at;
    results.push({ url, title, domain: domainOf(url), pageAge: null });
    return results.length - 1;
  };
  for (const page of req.storefront ?? []) indexOf(page.url, `${page.name} | ${page.brand}`);
  for (const r of m.recs) indexOf(r.url, `${r.product} | ${r.brand}`);
  const say = SHOPPING[m.lang];
  const noun = say.noun(m.parts);
  const reviews = REVIEW_SITES.map((site) =>
    indexOf(
      localizedPage(site.url, `best/${slug(m.parts.noun[m.lang])}`, m.lang),
      `${say.reviewTitle(noun)} | ${site.name}`,
    ),
  );
  results.forEach((r, i) => {
    r.pageAge = `${(i % 5) + 1} days ago`;
  });

  const citations: SearchCitation[] = [];
  let text = `${say.intro(m.recs.length, noun)}\n`;
  m.recs.forEach((r, i) => {
    const named = say.named(r.product, r.brand);
    text += `${i + 1}. `;
    citations.push({
      start: text.length,
      end: text.length + named.length,
      result: indexOf(r.url, ''),
    });
    text += `${named}${r.claim ?? ''}\n`;
  });
  const top = m.recs[0];
  const closing = say.review(REVIEW_SITES[0].name, String(top?.product), String(top?.brand));
  citations.push({
    start: text.length + 1,
    end: text.length + 1 + closing.length,
    result: reviews[0]!,
  });
  text += `\n${closing}`;
  const query = contentWords(req.prompt).slice(0, 6).join(' ') || noun;
  return { text, search: { queries: [query], results, citations } };
}

/** Splits text into stream deltas of a few words each. */
export function chunks(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [text];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 3) out.push(words.slice(i, i + 3).join(''));
  return out.length > 0 ? out : [''];
}

/** The words of a text, each cut to its first six letters ("mentions" and "mention" agree). */
function stems(text: string): Set<string> {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .match(/\p{L}{4,}/gu);
  return new Set((words ?? []).map((w) => w.slice(0, 6)));
}

/** A locale the text names ("fr-FR"), as written. */
const namedLocale = (text: string) =>
  /\b([a-z]{2})[-_]([A-Z]{2})\b/.exec(text)?.[0]?.replace('_', '-');

const schemaProps = (schema: JsonSchema): Record<string, JsonSchema> =>
  (typeof schema.properties === 'object' && schema.properties !== null
    ? schema.properties
    : {}) as Record<string, JsonSchema>;

/**
 * The tool a question is about: the one whose name and description share most words with it (a tool
 * taking a locale wins a point when the question names one); the first on a tie.
 */
export function bestTool(tools: readonly SimTool[], question: string): SimTool | undefined {
  const asked = stems(question);
  const locale = namedLocale(question) !== undefined;
  let best: SimTool | undefined;
  let bestScore = -1;
  for (const t of tools) {
    const own = stems(`${t.name} ${t.description ?? ''}`);
    let score = [...asked].filter((w) => own.has(w)).length;
    if (locale && Object.keys(schemaProps(t.schema)).some((k) => /locale|language/i.test(k))) {
      score += 2;
    }
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Arguments as a model would take them from the question: required ones generated from the schema,
 * a locale the question names used as written, and optional ones only when the question names one of
 * their values ("the SEO agent" → agentType: "seo").
 */
export function argsFromQuestion(
  schema: JsonSchema,
  generated: unknown,
  question: string,
): unknown {
  if (typeof generated !== 'object' || generated === null || Array.isArray(generated)) {
    return generated;
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const props = schemaProps(schema);
  const locale = namedLocale(question);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(generated as Record<string, unknown>)) {
    const prop = props[key] ?? {};
    const named = Array.isArray(prop.enum)
      ? (prop.enum as unknown[]).find(
          (v) =>
            typeof v === 'string' &&
            new RegExp(`(^|[^\\p{L}])${escapeRegExp(v)}($|[^\\p{L}])`, 'iu').test(question),
        )
      : undefined;
    if (locale && /locale|language/i.test(key)) out[key] = locale;
    else if (named !== undefined) out[key] = named;
    else if (required.has(key)) out[key] = value;
  }
  return out;
}

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const rateOf = (v: unknown) => {
  const r = isJson(v) ? v : {};
  const value = str(r.rate);
  return {
    value,
    number: value ? Number.parseFloat(value) : Number.NaN,
    ci: str(r.ci95),
    n: str(r.n),
  };
};

/**
 * The answer to a question the model looked up with Beacon's analyst tools (results with a `summary`
 * and `links`): a short Markdown list whose every figure is copied from the results. Null when the
 * results are not such look-ups.
 */
export function figuresAnswer(toolResults: readonly string[]): string | null {
  const results = toolResults.flatMap((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return isJson(value) && typeof value.summary === 'string' && Array.isArray(value.links)
        ? [value]
        : [];
    } catch {
      return [];
    }
  });
  if (results.length === 0) return null;
  const lines: string[] = [];
  for (const r of results) {
    if (Array.isArray(r.engines)) {
      const engines = r.engines.filter(isJson).map((e) => ({
        name: str(e.engineName) || str(e.engine),
        mention: rateOf(e.mentionRate),
      }));
      const measured = engines.filter((e) => !Number.isNaN(e.mention.number));
      if (measured.length === 0) {
        lines.push(`- ${str(r.summary)}.`);
        continue;
      }
      const lowest = measured.reduce((a, b) => (b.mention.number < a.mention.number ? b : a));
      lines.push(
        `- **${lowest.name}** mentions the brand least: ${lowest.mention.value} of answers (interval ${lowest.mention.ci}, n = ${lowest.mention.n}).`,
      );
      for (const e of measured) {
        if (e !== lowest) lines.push(`- ${e.name}: ${e.mention.value} (n = ${e.mention.n}).`);
      }
      const prompts = (Array.isArray(r.prompts) ? r.prompts : []).filter(isJson).map((p) => ({
        prompt: str(p.prompt),
        mention: rateOf(p.mentionRate),
      }));
      const weakest = prompts
        .filter((p) => !Number.isNaN(p.mention.number))
        .sort((a, b) => a.mention.number - b.mention.number)
        .slice(0, 3);
      for (const p of weakest) {
        lines.push(
          `- Prompt ${JSON.stringify(p.prompt)}: ${p.mention.value} (n = ${p.mention.n}).`,
        );
      }
    } else if ('missing' in r && 'locale' in r) {
      lines.push(
        `- **${str(r.missing)}** of ${str(r.checked)} products have no ${str(r.field)} in ${str(r.locale)}.`,
      );
      const products = (Array.isArray(r.products) ? r.products : []).filter(isJson).slice(0, 5);
      for (const p of products) lines.push(`- ${str(p.b2cProductId)}`);
    } else if (Array.isArray(r.items)) {
      lines.push(`- ${str(r.summary)}.`);
      for (const item of r.items.filter(isJson).slice(0, 5)) {
        const what = [item.agentType, item.field, item.locale, item.status]
          .map(str)
          .filter(Boolean);
        lines.push(`- ${str(item.b2cProductId) || str(item.id)}: ${what.join(', ')}`);
      }
    } else {
      lines.push(`- ${str(r.summary)}.`);
    }
  }
  return lines.join('\n');
}
