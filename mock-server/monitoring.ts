/**
 * Acme/prod's AI discoverability results for mocks: eight weekly runs of 8 prompts × 3 engines × 10
 * samples, every sample generated with an answer and parsed the way the server parses one; the
 * per-run aggregates, the results and the uplift are worked out from those samples as
 * server/monitoring/service.ts does, with the domain's own statistics and uplift analysis, so every
 * figure and interval on screen is what the server would answer. A publish of approved changes falls
 * between the fifth and sixth runs, three runs either side: the rain-jacket prompt's mention rate
 * rises significantly, the fleece prompt's does not.
 */
import { AI_MODELS, type AiEngine } from '~/domain/ai/models';
import {
  ALERT_MESSAGES,
  type AlertFinding,
  type MonitoringAlert,
  type MonitoringAlerts,
} from '~/domain/monitoring/alerts';
import {
  type AccuracyResults,
  type AccuracyRow,
  accuracyResults,
  accuracyRow,
  citedSpans,
  type ClaimedSample,
  createAccuracyChecker,
  NO_ACCURACY,
} from '~/domain/monitoring/accuracy';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import type { Sentiment } from '~/domain/monitoring/parse';
import {
  type AnswerSource,
  type CitedPageCount,
  type MonitoringSources,
  sourcesFigures,
} from '~/domain/monitoring/sources';
import { type AnswersRemoved, retentionCutoff } from '~/domain/monitoring/retention';
import { askedAs } from '~/domain/monitoring/asked';
import {
  type EngineFigures,
  type EngineProgress,
  MONITORING_RUN_MESSAGES,
  NO_RESULTS,
  type MonitoringResults,
  type MonitoringRun,
  type NamedProduct,
  type PromptSamples,
  type PublishMark,
  type RunPrompt,
  type SampleView,
} from '~/domain/monitoring/runs';
import { normalCdf, shareOfVoice, wilsonInterval } from '~/domain/monitoring/stats';
import { upliftAnalysis } from '~/domain/monitoring/uplift';
import { prompts as library } from './fixtures';
import { catalogueRows, STORY_NOW } from './products';
import {
  domainError,
  type MockReply,
  mockStream,
  pending,
  type TrpcScenario,
} from './trpc/scenario';

const BRAND = 'Acme Outfitters';
const BRAND_DOMAIN = 'acme-outfitters.com';
/** A review site the engines' searches read. */
const REVIEW_DOMAIN = 'gearreviewweekly.example';
const COMPETITORS = [
  { name: 'Summit Supply Co.', domain: 'summitsupply.com' },
  { name: 'Trailborn', domain: 'trailborn.com' },
  { name: 'Northpeak', domain: '' },
] as const;

/** The engines as the config lists them, and the mock's index of each (it varies the answers). */
const ENGINES: readonly AiEngine[] = ['openai', 'anthropic', 'google'];
const SAMPLES = 10;

interface MonitoredPrompt extends RunPrompt {
  market: string;
  /** Catalogue products (by id) that answers naming the brand recommend: the first always. */
  products: readonly string[];
  /** What an answer recommends, in its opening line. */
  topic: string;
}

/** Eight prompts: the three of the org's library and five written in the config. */
export const MONITORED_PROMPTS: readonly MonitoredPrompt[] = [
  {
    key: library.rainJacket.id,
    market: 'en-US',
    name: library.rainJacket.name,
    text: library.rainJacket.text,
    products: ['alpine-rain-jacket'],
    topic: 'a breathable, packable rain jacket',
  },
  {
    key: library.trailShoes.id,
    market: 'en-US',
    name: library.trailShoes.name,
    text: library.trailShoes.text,
    products: ['wool-hiking-socks'],
    topic: 'trail running on rocky, muddy ground',
  },
  {
    key: library.campingGift.id,
    market: 'en-US',
    name: library.campingGift.name,
    text: library.campingGift.text,
    products: ['merino-beanie', 'trail-water-bottle'],
    topic: 'a camper who already owns a tent',
  },
  {
    key: 'new:3f9a1c07',
    market: 'en-US',
    name: null,
    text: 'What is the warmest fleece jacket for layering under a shell in winter?',
    products: ['trailhead-fleece'],
    topic: 'a warm fleece mid-layer',
  },
  {
    key: 'new:8b2e4d51',
    market: 'en-US',
    name: null,
    text: 'Which brand makes the most durable hiking pants for scrambling?',
    products: ['ridge-softshell-pants'],
    topic: 'durable hiking pants',
  },
  {
    key: 'new:c47d09e2',
    market: 'en-US',
    name: null,
    text: 'Where can I buy a packable down vest online with free returns?',
    products: ['summit-down-vest'],
    topic: 'a packable down vest',
  },
  {
    key: 'new:1e6f5a38',
    market: 'en-US',
    name: null,
    text: 'What should I pack for a weekend hut-to-hut hike in the Alps?',
    products: ['merino-beanie', 'wool-hiking-socks'],
    topic: 'a weekend hut-to-hut hike',
  },
  {
    key: 'new:9a03b7c4',
    market: 'en-US',
    name: null,
    text: 'Recommend a sturdy tote bag for carrying groceries by bike.',
    products: ['canvas-tote-bag'],
    topic: 'a sturdy everyday tote',
  },
];

/**
 * Prompts of two more markets, written in their languages, which the `markets: 'three'` scenario
 * asks beside the eight (en-US): two in fr-FR, one in de-DE.
 */
export const MARKET_PROMPTS: readonly MonitoredPrompt[] = [
  {
    key: 'fr-FR:new:5d21c8a0',
    market: 'fr-FR',
    name: null,
    text: 'Quelle veste de pluie respirante choisir pour la randonnée ?',
    products: ['alpine-rain-jacket'],
    topic: 'une veste de pluie respirante',
  },
  {
    key: 'fr-FR:new:7c90e1f4',
    market: 'fr-FR',
    name: null,
    text: 'Quelle doudoune sans manches légère acheter en ligne ?',
    products: ['summit-down-vest'],
    topic: 'une doudoune sans manches légère',
  },
  {
    key: 'de-DE:new:2b6a9d13',
    market: 'de-DE',
    name: null,
    text: 'Welche Fleecejacke ist unter einer Hardshell am wärmsten?',
    products: ['trailhead-fleece'],
    topic: 'eine warme Fleecejacke',
  },
];
/** Every prompt the mock answers, the eight first. */
const ALL_PROMPTS: readonly MonitoredPrompt[] = [...MONITORED_PROMPTS, ...MARKET_PROMPTS];

/** Which markets a scenario asks: en-US alone (the eight prompts), or en-US, fr-FR and de-DE. */
export type MarketsScenario = 'one' | 'three';
const promptsAsked = (markets: MarketsScenario) =>
  markets === 'three' ? ALL_PROMPTS : MONITORED_PROMPTS;

const promptOf = (key: string) => ALL_PROMPTS.find((p) => p.key === key);
export const RAIN_JACKET_PROMPT = MONITORED_PROMPTS[0]!;
export const FLEECE_PROMPT = MONITORED_PROMPTS[3]!;

/** Acme's monitoring config as the runs kept it. */
export const resultsConfig = {
  brandName: BRAND,
  brandDomain: BRAND_DOMAIN,
  brandVariants: ['Acme'],
  competitors: COMPETITORS.map((c) => ({ name: c.name, domain: c.domain })),
  market: 'en-US',
  promptIds: MONITORED_PROMPTS.filter((p) => p.name !== null).map((p) => p.key),
  newPrompts: MONITORED_PROMPTS.filter((p) => p.name === null).map((p) => p.text),
  engines: [...ENGINES],
  memoryEngines: [],
  otherMarkets: [],
  samples: SAMPLES,
  schedule: 'weekly',
  upliftRuns: 3,
} satisfies MonitoringConfig;

/** The config asking in three markets: the eight in en-US, and the French and German prompts. */
export const marketsConfig = {
  ...resultsConfig,
  otherMarkets: (['fr-FR', 'de-DE'] as const).map((market) => ({
    market,
    promptIds: [],
    newPrompts: MARKET_PROMPTS.filter((p) => p.market === market).map((p) => p.text),
  })),
} satisfies MonitoringConfig;

// ——— Runs ———

const at = (iso: string) => new Date(iso);
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

/** When each finished run ended, oldest first: weekly, the last this morning. */
const FINISHED_AT = [
  at('2026-01-12T08:20:00Z'),
  at('2026-01-19T08:18:00Z'),
  at('2026-01-26T08:19:00Z'),
  at('2026-02-02T08:18:00Z'),
  at('2026-02-09T08:21:00Z'),
  at('2026-02-16T08:19:00Z'),
  at('2026-02-23T08:20:00Z'),
  at('2026-03-02T08:19:00Z'),
];
const LATEST = FINISHED_AT.length - 1;
/** The first run after the latest publish. */
const PUBLISH_AFTER = LATEST - 2;

/** Brand mentions out of 10 per prompt (in MONITORED_PROMPTS order) and engine, in the last run. */
const LATEST_MENTIONS: readonly (readonly [number, number, number])[] = [
  [9, 7, 6],
  [5, 3, 2],
  [3, 2, 2],
  [6, 5, 4],
  [4, 3, 3],
  [5, 4, 2],
  [2, 1, 1],
  [3, 2, 1],
  // fr-FR: the rain jacket, the down vest; de-DE: the fleece.
  [7, 4, 3],
  [3, 2, 2],
  [4, 3, 1],
];
/** Before the latest publish, the two prompts whose answers name the changed products (about). */
const BEFORE_PUBLISH: Readonly<Record<string, readonly [number, number, number]>> = {
  [RAIN_JACKET_PROMPT.key]: [4, 3, 2],
  [FLEECE_PROMPT.key]: [5, 4, 3],
};
/** The one sample that failed in the last run: the rain-jacket prompt on Gemini, its fifth. */
const FAILED = { run: LATEST, promptKey: RAIN_JACKET_PROMPT.key, engine: 'google', idx: 4 };
export const FAILED_SAMPLE_ERROR = 'Gemini did not answer within 60 seconds.';

/** Brand mentions of a prompt on an engine in a run: steady week to week, ±1. */
function mentionsIn(run: number, p: number, e: number): number {
  const prompt = ALL_PROMPTS[p]!;
  const before = run < PUBLISH_AFTER ? BEFORE_PUBLISH[prompt.key] : undefined;
  if (run === LATEST) return LATEST_MENTIONS[p]![e]!;
  const base = before ? before[e]! : LATEST_MENTIONS[p]![e]!;
  if (before && run === PUBLISH_AFTER - 1) return base;
  // A slow climb over the weeks before, with some noise from run to run.
  const climb = run < 2 && (p + e) % 2 === 0 ? -1 : 0;
  const noise = (run * 5 + p * 3 + e) % 7 === 0 ? 1 : (run + p * 2 + e * 3) % 6 === 0 ? -1 : 0;
  return Math.min(SAMPLES, Math.max(0, base + climb + noise));
}

export const monitoringRunIds = FINISHED_AT.map((_, i) => `mrun_${i + 1}`);

function finishedRun(i: number): MonitoringRun {
  const finishedAt = FINISHED_AT[i]!;
  const createdAt = minutes(finishedAt, -20);
  const failed = i === FAILED.run ? 1 : 0;
  const total = MONITORED_PROMPTS.length * ENGINES.length * SAMPLES;
  return {
    id: monitoringRunIds[i]!,
    status: failed > 0 ? 'partly-failed' : 'succeeded',
    trigger: 'schedule',
    engines: [...ENGINES],
    prompts: MONITORED_PROMPTS.length,
    samplesPerPrompt: SAMPLES,
    samplesTotal: total,
    samplesDone: total - failed,
    samplesFailed: failed,
    createdAt,
    startedAt: new Date(createdAt.getTime() + 4_000),
    finishedAt,
    error: null,
    progress: [],
  };
}

/** The eight finished runs, oldest first. */
export const finishedRuns: readonly MonitoringRun[] = FINISHED_AT.map((_, i) => finishedRun(i));

/** Approved changes published between runs: a tote bag in January, two products in February. */
export const monitoringPublishes: readonly PublishMark[] = [
  { at: at('2026-01-21T15:10:00Z'), products: ['canvas-tote-bag'], proposals: 4 },
  {
    at: at('2026-02-12T10:40:00Z'),
    products: ['alpine-rain-jacket', 'trailhead-fleece'],
    proposals: 12,
  },
];

// ——— Samples ———

function productName(id: string, market?: string): string | null {
  const name = catalogueRows.find((row) => row.id === id)?.name;
  return (market ? name?.[market] : undefined) ?? name?.default ?? null;
}

/**
 * The catalogue copy's prices of the monitored products (USD, the storefront site's), which the
 * answers' claims are checked against.
 */
const PRICES: Readonly<Record<string, number>> = {
  'alpine-rain-jacket': 189,
  'wool-hiking-socks': 24,
  'merino-beanie': 32,
  'trail-water-bottle': 18,
  'trailhead-fleece': 89,
  'ridge-softshell-pants': 119,
  'summit-down-vest': 149,
  'canvas-tote-bag': 45,
};
export const MOCK_PRICE_SITE = 'RefArch';

type AnswerLanguage = 'en' | 'fr' | 'de';

/** How the mock's answers are written in each market's language (the eight en-US prompts as before). */
const WRITING: Record<
  AnswerLanguage,
  {
    locale: string;
    /** What an answer says of the product after its name: its price, a wrong one, or "discontinued". */
    price: (amount: number, cents: boolean) => string;
    discontinued: string;
    cues: Record<Sentiment, string>;
    competitorLines: readonly string[];
    intro: (topic: string) => string;
    brandLine: (brand: string, product: string, claim: string, cue: string) => string;
    noBrand: (topic: string) => string;
  }
> = {
  en: {
    locale: 'en-US',
    price: (amount, cents) => ` ($${cents ? amount.toFixed(2) : amount})`,
    discontinued: ', now discontinued,',
    cues: {
      positive: 'a reliable favourite: light, well made and good value',
      neutral: 'another option in the same price range',
      negative: 'not the best choice: reviewers say it runs small and wets out',
      mixed: 'well made, though pricier than the others',
    },
    competitorLines: [
      'a dependable all-rounder with a lifetime warranty',
      'popular with thru-hikers for its light weight',
      'a budget pick that holds up well',
    ],
    intro: (topic) => `For ${topic}, these are worth a look:\n\n`,
    brandLine: (brand, product, claim, cue) => `${brand}: the ${product}${claim} is ${cue}.`,
    noBrand: (topic) =>
      `It depends on your budget and how you will use it. Look for ${topic} with good reviews and a fair returns policy.`,
  },
  fr: {
    locale: 'fr-FR',
    price: (amount, cents) => ` (${usd('fr-FR', amount, cents)})`,
    discontinued: ', qui n’est plus disponible,',
    cues: {
      positive: 'un choix fiable et recommandé : léger et solide',
      neutral: 'une autre option dans la même gamme de prix',
      negative: 'pas le meilleur choix : elle taille petit et se mouille',
      mixed: 'solide, mais décevante sous une forte pluie',
    },
    competitorLines: [
      'un choix polyvalent avec une garantie à vie',
      'apprécié des randonneurs pour sa légèreté',
      'un choix économique qui tient bien',
    ],
    intro: (topic) => `Pour ${topic}, voici quelques bonnes options :\n\n`,
    brandLine: (brand, product, claim, cue) => `${brand} : la ${product}${claim} est ${cue}.`,
    noBrand: (topic) =>
      `Tout dépend de votre budget et de l’usage. Cherchez ${topic} avec de bons avis et des retours faciles.`,
  },
  de: {
    locale: 'de-DE',
    price: (amount, cents) => ` (${usd('de-DE', amount, cents)})`,
    discontinued: ', inzwischen nicht mehr erhältlich,',
    cues: {
      positive: 'zuverlässig und hochwertig verarbeitet',
      neutral: 'eine weitere Option in derselben Preisklasse',
      negative: 'nicht die beste Wahl: sie fällt klein aus',
      mixed: 'robust, aber enttäuschend bei starkem Regen',
    },
    competitorLines: [
      'ein solider Allrounder mit lebenslanger Garantie',
      'bei Wanderern für das geringe Gewicht geschätzt',
      'eine günstige Wahl, die lange hält',
    ],
    intro: (topic) => `Für ${topic} lohnen sich diese Optionen:\n\n`,
    brandLine: (brand, product, claim, cue) => `${brand}: die ${product}${claim} ist ${cue}.`,
    noBrand: (topic) =>
      `Das hängt vom Budget und vom Einsatz ab. Achten Sie auf ${topic} mit guten Bewertungen.`,
  },
};

/** A dollar amount as the language writes it ("189,00 $US", "189,00 $"). */
function usd(locale: string, amount: number, cents: boolean) {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(amount);
}

const languageOf = (prompt: MonitoredPrompt) => prompt.market.split('-')[0] as AnswerLanguage;

/**
 * What an answer says of the brand's one product besides its name, by the answer's number: its
 * price now and then, a wrong price or "now discontinued" (the product is online) less often.
 */
function claimOf(productId: string, k: number, lang: AnswerLanguage): string {
  const price = PRICES[productId];
  if (price === undefined) return '';
  const writing = WRITING[lang];
  switch (k % 7) {
    case 0:
    case 2:
    case 3:
    case 4:
      return writing.price(price, true);
    case 1:
      return writing.price(Math.round(price * 1.25), false);
    case 5:
      return writing.discontinued;
    default:
      return '';
  }
}

const SENTIMENT_CYCLE: readonly Sentiment[] = [
  'positive',
  'positive',
  'neutral',
  'positive',
  'negative',
  'positive',
  'mixed',
  'positive',
  'neutral',
  'positive',
];

/** The competitors an answer names: Summit Supply Co. in most, Trailborn and Northpeak less often. */
function competitorsOf(j: number, p: number, e: number): string[] {
  const named = [(j + p + e) % 4 !== 0, (j + 2 * p + e) % 3 === 0, (j + p) % 5 < 2 + (e % 2)];
  return COMPETITORS.filter((_, k) => named[k]).map((c) => c.name);
}

/** One answer, as an engine might write it; ChatGPT's in Markdown, which the screen shows as text. */
function sample(run: number, p: number, e: number, idx: number, ended: number): SampleView {
  const prompt = ALL_PROMPTS[p]!;
  const lang = languageOf(prompt);
  const writing = WRITING[lang];
  const engine = ENGINES[e]!;
  const base = {
    engine,
    idx,
    model: AI_MODELS[engine],
  };
  if (
    run === FAILED.run &&
    prompt.key === FAILED.promptKey &&
    engine === FAILED.engine &&
    idx === FAILED.idx
  ) {
    return {
      ...base,
      status: 'failed',
      brandMentioned: null,
      brandCited: null,
      position: null,
      competitors: [],
      products: [],
      urls: [],
      mode: 'web-search',
      search: null,
      sentiment: null,
      answer: null,
      error: FAILED_SAMPLE_ERROR,
    };
  }
  // `ended` counts the answers of this prompt and engine before this one, failed ones skipped.
  const j = ended;
  const mentions = mentionsIn(run, p, e);
  const mentioned = j < mentions;
  const cited = j < Math.floor(mentions * 0.6);
  const competitors = competitorsOf(j, p, e);
  const position = mentioned ? Math.min(1 + ((j + e) % 3), competitors.length + 1) : null;
  const productIds = mentioned
    ? prompt.products.filter((_, k) => k === 0 || j % 2 === 0)
    : ([] as string[]);
  const products = productIds.map((id) => ({
    b2cProductId: id,
    name: productName(id, prompt.market),
  }));
  const sentiment = mentioned ? SENTIMENT_CYCLE[(j + e) % SENTIMENT_CYCLE.length]! : null;
  // A bare host written in the answer's text: not a web address the screen may link.
  const sizeGuide = cited && engine === 'google' && j === 0 ? `${BRAND_DOMAIN}/size-guide` : null;

  const brands = [...competitors];
  if (position !== null) brands.splice(position - 1, 0, BRAND);
  const bold = (text: string) => (engine === 'openai' ? `**${text}**` : text);
  const claim = productIds.length === 1 ? claimOf(productIds[0]!, j + 2 * p + e, lang) : '';
  const colon = lang === 'fr' ? ' :' : ':';
  const lines = brands.map((brand, k) => {
    if (brand !== BRAND) {
      return `${k + 1}. ${bold(brand)}${colon} ${writing.competitorLines[k % 3]}.`;
    }
    const named = products.map((pr) => pr.name ?? pr.b2cProductId).join(' and the ');
    return `${k + 1}. ${writing.brandLine(bold(BRAND), named, claim, writing.cues[sentiment!])}`;
  });
  const intro = writing.intro(prompt.topic);
  const answer =
    brands.length === 0
      ? writing.noBrand(prompt.topic)
      : `${intro}${lines.join('\n')}${sizeGuide ? `\n\nSizing: ${sizeGuide}` : ''}`;

  // What the engine's web search found: the brand's product page (cited for the brand's line when
  // the brand is cited), Trailborn's page when the answer names it, and a review page it read.
  const lineSpan = (brand: string) => {
    const k = brands.indexOf(brand);
    if (k < 0) return [];
    const start = intro.length + lines.slice(0, k).reduce((n, l) => n + l.length + 1, 0);
    return [{ start, end: start + lines[k]!.length }];
  };
  const sources: AnswerSource[] = [
    ...(productIds[0]
      ? [
          {
            // The storefront's page in the market's locale (SFRA's `lang` parameter outside en-US).
            url: `https://${BRAND_DOMAIN}/${productIds[0]}.html${
              prompt.market === 'en-US' ? '' : `?lang=${prompt.market.replace('-', '_')}`
            }`,
            title: `${productName(productIds[0], prompt.market) ?? productIds[0]} | ${BRAND}`,
            domain: BRAND_DOMAIN,
            redirect: false,
            cited,
            spans: cited ? lineSpan(BRAND) : [],
          },
        ]
      : []),
    ...(competitors.includes('Trailborn')
      ? [
          {
            url: 'https://trailborn.com/gear',
            title: 'Gear | Trailborn',
            domain: 'trailborn.com',
            redirect: false,
            cited: j % 3 === 0,
            spans: j % 3 === 0 ? lineSpan('Trailborn') : [],
          },
        ]
      : []),
    {
      url: `https://www.${REVIEW_DOMAIN}/best/${prompt.key}`,
      title: `Best picks: ${prompt.topic} | Gear Review Weekly`,
      domain: REVIEW_DOMAIN,
      redirect: false,
      cited: false,
      spans: [],
    },
  ];

  return {
    ...base,
    status: 'done',
    brandMentioned: mentioned,
    brandCited: cited,
    position,
    competitors,
    products,
    urls: sizeGuide ? [sizeGuide] : [],
    mode: 'web-search',
    search: { queries: [prompt.topic], sources, searches: 1 },
    sentiment,
    answer,
    error: null,
  };
}

/** Every sample of a prompt in a run, per engine in the config's order. */
function samplesOf(run: number, p: number): SampleView[] {
  return ENGINES.flatMap((_, e) => {
    let ended = 0;
    return Array.from({ length: SAMPLES }, (_, idx) => {
      const s = sample(run, p, e, idx, ended);
      if (s.status === 'done') ended += 1;
      return s;
    });
  });
}

// ——— Aggregates and results, as the server works them out ———

interface Aggregate {
  run: number;
  engine: AiEngine;
  promptKey: string;
  market: string;
  n: number;
  mentions: number;
  citations: number;
  positionSum: number;
  brandCounts: Record<string, number>;
  sentimentCounts: Record<string, number>;
  productCounts: Record<string, number>;
}

function add(counts: Record<string, number>, key: string, by = 1) {
  counts[key] = (counts[key] ?? 0) + by;
}

function aggregatesOf(run: number): Aggregate[] {
  return ALL_PROMPTS.flatMap((prompt, p) => {
    const samples = samplesOf(run, p);
    return ENGINES.map((engine) => {
      const done = samples.filter((s) => s.engine === engine && s.status === 'done');
      const row: Aggregate = {
        run,
        engine,
        promptKey: prompt.key,
        market: prompt.market,
        n: done.length,
        mentions: done.filter((s) => s.brandMentioned).length,
        citations: done.filter((s) => s.brandCited).length,
        positionSum: done.reduce((sum, s) => sum + (s.position ?? 0), 0),
        brandCounts: {},
        sentimentCounts: {},
        productCounts: {},
      };
      for (const s of done) {
        for (const c of s.competitors) add(row.brandCounts, c);
        if (s.sentiment) add(row.sentimentCounts, s.sentiment);
        for (const pr of s.products) add(row.productCounts, pr.b2cProductId);
      }
      return row;
    });
  });
}

const AGGREGATES: readonly Aggregate[] = FINISHED_AT.flatMap((_, run) => aggregatesOf(run));

function sum(rows: readonly Aggregate[], pick: (row: Aggregate) => number) {
  return rows.reduce((total, row) => total + pick(row), 0);
}

function figuresOf(rows: readonly Aggregate[], engine: AiEngine | null): EngineFigures {
  const mentions = sum(rows, (r) => r.mentions);
  const n = sum(rows, (r) => r.n);
  const brands: Record<string, number> = {};
  const sentiments: Record<string, number> = {};
  for (const r of rows) {
    for (const [brand, count] of Object.entries(r.brandCounts)) add(brands, brand, count);
    for (const [s, count] of Object.entries(r.sentimentCounts)) add(sentiments, s, count);
  }
  return {
    engine,
    asked: engine ? askedAs({}, engine) : null,
    mentionRate: wilsonInterval(mentions, n),
    citationRate: wilsonInterval(
      sum(rows, (r) => r.citations),
      n,
    ),
    averagePosition: mentions > 0 ? sum(rows, (r) => r.positionSum) / mentions : null,
    shareOfVoice: shareOfVoice({ ...brands, [BRAND]: mentions }),
    sentiment: {
      positive: sentiments.positive ?? 0,
      neutral: sentiments.neutral ?? 0,
      negative: sentiments.negative ?? 0,
      mixed: sentiments.mixed ?? 0,
    },
  };
}

/**
 * What the uplift sees: the runs as configured, or with the rain-jacket prompt's text edited in the
 * library before the runs after the publish (its row is then not comparable).
 */
export type UpliftScenario = 'as-configured' | 'edited-prompt';

/** The rain-jacket prompt as edited in the library after the publish (same key, new text). */
export const EDITED_RAIN_JACKET_TEXT =
  'Which rain jacket stays dry on a long hike and packs small for travel?';

/** monitoring.results over the eight runs, every engine's or one's, with `run` as the latest run. */
export function monitoringResults(
  engine: AiEngine | null = null,
  run: MonitoringRun = finishedRuns[LATEST]!,
  uplift: UpliftScenario = 'as-configured',
  { markets = 'one', market = null }: { markets?: MarketsScenario; market?: string | null } = {},
): MonitoringResults {
  const asked = promptsAsked(markets);
  const keys = new Set(asked.map((p) => p.key));
  const inRun = (i: number) =>
    AGGREGATES.filter(
      (r) => r.run === i && keys.has(r.promptKey) && (engine === null || r.engine === engine),
    );
  const of = (i: number) => inRun(i).filter((r) => market === null || r.market === market);
  const current = of(LATEST);
  const prompts = asked.filter((p) => market === null || p.market === market);
  const marketFigures = [...new Set(asked.map((p) => p.market))].map((m) => {
    const f = figuresOf(
      inRun(LATEST).filter((r) => r.market === m),
      null,
    );
    return {
      market: m,
      prompts: asked.filter((p) => p.market === m).length,
      mentionRate: f.mentionRate,
      citationRate: f.citationRate,
    };
  });
  if (market !== null && prompts.length === 0) {
    return { ...NO_RESULTS, run, config: resultsConfig, market, markets: marketFigures };
  }
  const engines = [...new Set(current.map((r) => r.engine))].sort();

  const trend = FINISHED_AT.map((finishedAt, i) => {
    const f = figuresOf(of(i), engine);
    return {
      runId: monitoringRunIds[i]!,
      at: finishedAt,
      mentionRate: f.mentionRate,
      citationRate: f.citationRate,
    };
  });

  // The uplift around the latest publish: windows of runs either side, as the server reads them.
  const analysis = upliftAnalysis({
    runs: FINISHED_AT.map((_, i) => ({
      id: monitoringRunIds[i]!,
      prompts: prompts.map((prompt) => ({
        key: prompt.key,
        text:
          uplift === 'edited-prompt' && prompt === RAIN_JACKET_PROMPT && i >= PUBLISH_AFTER
            ? EDITED_RAIN_JACKET_TEXT
            : prompt.text,
      })),
      brand: [resultsConfig.brandName, ...resultsConfig.brandVariants],
      competitors: resultsConfig.competitors.map((c) => c.name),
      cells: of(i).map((r) => ({
        promptKey: r.promptKey,
        engine: r.engine,
        n: r.n,
        mentions: r.mentions,
        products: Object.keys(r.productCounts),
      })),
    })),
    publishes: monitoringPublishes.map((mark) => ({
      after: FINISHED_AT.findIndex((finishedAt) => minutes(finishedAt, -20) > mark.at),
      products: mark.products,
    })),
    windowRuns: resultsConfig.upliftRuns,
  });

  const counts: Record<string, number> = {};
  const perEngine = new Map<string, Partial<Record<AiEngine, number>>>();
  for (const r of current) {
    for (const [id, count] of Object.entries(r.productCounts)) {
      add(counts, id, count);
      const row = perEngine.get(id) ?? {};
      row[r.engine] = (row[r.engine] ?? 0) + count;
      perEngine.set(id, row);
    }
  }
  const products: NamedProduct[] = Object.entries(counts)
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, 20)
    .map(([id, answers]) => ({
      b2cProductId: id,
      name: productName(id),
      answers,
      engines: perEngine.get(id) ?? {},
    }));

  return {
    run,
    config: markets === 'three' ? marketsConfig : resultsConfig,
    market,
    markets: marketFigures,
    overall: figuresOf(current, null),
    engines: engines.map((e) =>
      figuresOf(
        current.filter((r) => r.engine === e),
        e,
      ),
    ),
    prompts: prompts.map((prompt) => {
      const f = figuresOf(
        current.filter((r) => r.promptKey === prompt.key),
        engine,
      );
      return {
        key: prompt.key,
        text: prompt.text,
        market: prompt.market,
        mentionRate: f.mentionRate,
        citationRate: f.citationRate,
      };
    }),
    trend,
    publishes: [...monitoringPublishes],
    uplift: analysis?.figures ?? [],
    upliftSummary: analysis?.summary ?? null,
    products,
    answersRemoved: null,
  };
}

/**
 * The org keeps answers 30 days, and the retention pass ran early on the stories' day: the three
 * oldest runs have lost their answers (their figures stay).
 */
export const monitoringAnswersRemoved: AnswersRemoved = {
  before: retentionCutoff(at('2026-03-02T00:10:00Z'), 30),
  keptDays: 30,
};

/** Whether a run's answers are gone under `removed`. */
const answersGone = (run: number, removed: AnswersRemoved | null) =>
  removed !== null && FINISHED_AT[run]!.getTime() < removed.before.getTime();

/** monitoring.prompt: a prompt's samples in the latest finished run (or one of the six). */
export function promptSamples(
  promptKey: string,
  runId?: string,
  removed: AnswersRemoved | null = null,
): PromptSamples | null {
  const run = runId ? monitoringRunIds.indexOf(runId) : LATEST;
  const p = ALL_PROMPTS.findIndex((prompt) => prompt.key === promptKey);
  const prompt = promptOf(promptKey);
  if (run < 0 || p < 0 || !prompt) return null;
  return {
    run: finishedRuns[run]!,
    prompt: { key: prompt.key, text: prompt.text, name: prompt.name, market: prompt.market },
    samples: answersGone(run, removed) ? [] : samplesOf(run, p),
  };
}

/**
 * monitoring.sources: the latest finished run's cited sources, counted from its samples as the
 * server's aggregates count them (answers citing each domain and page, per engine and prompt).
 */
export function monitoringSources(
  engine: AiEngine | null,
  { markets = 'one', market = null }: { markets?: MarketsScenario; market?: string | null } = {},
): MonitoringSources {
  const asked = promptsAsked(markets);
  const rows = asked
    .flatMap((prompt, p) =>
      ENGINES.map((e) => {
        const answered = samplesOf(LATEST, p).filter(
          (x) => x.engine === e && x.status === 'done' && x.search,
        );
        const citedDomains: Record<string, number> = {};
        const citedPages: Record<string, CitedPageCount> = {};
        for (const x of answered) {
          const cited = x.search!.sources.filter((src) => src.cited);
          for (const domain of new Set(cited.map((src) => src.domain))) {
            citedDomains[domain] = (citedDomains[domain] ?? 0) + 1;
          }
          for (const src of cited) {
            const page = citedPages[src.url];
            citedPages[src.url] = {
              n: (page?.n ?? 0) + 1,
              title: page?.title ?? src.title,
              domain: src.domain,
            };
          }
        }
        return {
          engine: e,
          market: prompt.market,
          searched: answered.length,
          citedDomains,
          citedPages,
        };
      }),
    )
    .filter(
      (row) =>
        (engine === null || row.engine === engine) && (market === null || row.market === market),
    );
  const brand = { domain: BRAND_DOMAIN, competitors: [...COMPETITORS] };
  return {
    run: { id: finishedRuns[LATEST]!.id, finishedAt: finishedRuns[LATEST]!.finishedAt! },
    overall: engine ? null : sourcesFigures(rows, brand),
    engines: ENGINES.filter((e) => engine === null || e === engine)
      .map((e) => ({
        engine: e,
        mode: 'web-search' as const,
        ...sourcesFigures(
          rows.filter((r) => r.engine === e),
          brand,
        ),
      }))
      .sort((a, b) => a.engine.localeCompare(b.engine)),
  };
}

/**
 * monitoring.accuracy: the latest run's answers checked against the catalogue copy with the domain's
 * checker, counted per engine and prompt as the runner's aggregates count them.
 */
export function monitoringAccuracy(
  engine: AiEngine | null,
  { markets = 'one', market = null }: { markets?: MarketsScenario; market?: string | null } = {},
): AccuracyResults {
  // Names in each market's locale and by default, as the runner's checker reads them.
  const check = createAccuracyChecker(
    catalogueRows
      .filter((row) => row.kind === 'master' || row.kind === 'item')
      .flatMap((row) =>
        [...new Set([row.name.default, row.name['fr-FR'], row.name['de-DE']])].map((name) => ({
          id: row.id,
          name: name ?? null,
          online: row.online,
          price: PRICES[row.id] ?? null,
          currency: PRICES[row.id] === undefined ? null : 'USD',
        })),
      ),
  );
  const rows: AccuracyRow[] = [];
  const wrong: ClaimedSample[] = [];
  promptsAsked(markets).forEach((prompt, p) => {
    const samples = samplesOf(LATEST, p).filter((x) => x.status === 'done');
    for (const e of ENGINES) {
      const answers = samples
        .filter((x) => x.engine === e)
        .map((x) => ({ x, claims: check(x.answer ?? '', citedSpans(x.search)) }));
      rows.push(
        accuracyRow(
          e,
          answers.map((a) => a.claims),
          prompt.market,
        ),
      );
      for (const { x, claims } of answers) {
        if (claims.some((c) => c.mismatch)) {
          wrong.push({
            engine: e,
            market: prompt.market,
            promptKey: prompt.key,
            idx: x.idx,
            answer: x.answer,
            claims,
          });
        }
      }
    }
  });
  // The server lists them in engine, prompt and answer order.
  wrong.sort(
    (a, b) =>
      a.engine.localeCompare(b.engine) || a.promptKey.localeCompare(b.promptKey) || a.idx - b.idx,
  );
  const run = finishedRuns[LATEST]!;
  return accuracyResults({
    run: { id: run.id, finishedAt: run.finishedAt! },
    engine,
    market,
    rows,
    wrong,
    promptText: (key) => promptOf(key)?.text ?? key,
    productName,
    priceSiteId: MOCK_PRICE_SITE,
  });
}

// ——— A run in progress ———

/** The ninth run, started ten minutes before the stories' now, as watchRun reports it. */
export function runningRun(progress: readonly EngineProgress[]): MonitoringRun {
  const createdAt = minutes(STORY_NOW, -10);
  const done = progress.reduce((total, e) => total + e.done, 0);
  const failed = progress.reduce((total, e) => total + e.failed, 0);
  const total = progress.reduce((t, e) => t + e.total, 0);
  const ended = done + failed === total;
  return {
    id: `mrun_${FINISHED_AT.length + 1}`,
    status: ended ? (failed > 0 ? 'partly-failed' : 'succeeded') : 'running',
    trigger: 'manual',
    engines: [...ENGINES],
    prompts: MONITORED_PROMPTS.length,
    samplesPerPrompt: SAMPLES,
    samplesTotal: total,
    samplesDone: done,
    samplesFailed: failed,
    createdAt,
    startedAt: new Date(createdAt.getTime() + 4_000),
    finishedAt: ended ? STORY_NOW : null,
    error: null,
    progress: ended ? [] : [...progress],
  };
}

const PER_ENGINE = MONITORED_PROMPTS.length * SAMPLES;

/** Partway: ChatGPT 63 of 80 (one failed), Claude 48, Gemini 32 (two failed). */
export const runProgress: readonly EngineProgress[] = [
  { engine: 'anthropic', total: PER_ENGINE, done: 48, failed: 0 },
  { engine: 'google', total: PER_ENGINE, done: 30, failed: 2 },
  { engine: 'openai', total: PER_ENGINE, done: 62, failed: 1 },
];
/** A little later: ChatGPT done, Claude 71, Gemini 55. */
export const laterRunProgress: readonly EngineProgress[] = [
  { engine: 'anthropic', total: PER_ENGINE, done: 71, failed: 0 },
  { engine: 'google', total: PER_ENGINE, done: 53, failed: 2 },
  { engine: 'openai', total: PER_ENGINE, done: 79, failed: 1 },
];

/** What monitoring.start answers: the run, queued, its samples not planned yet. */
export const queuedRun: MonitoringRun = {
  ...runningRun(
    ENGINES.map((engine) => ({ engine, total: PER_ENGINE, done: 0, failed: 0 })).sort((a, b) =>
      a.engine.localeCompare(b.engine),
    ),
  ),
  id: 'mrun_new',
  status: 'queued',
  createdAt: STORY_NOW,
  startedAt: null,
};

// ——— Alerts ———

/** Which alerts are open: none, or the two the latest run raised. */
export type AlertsScenario = 'none' | 'raised';

/** A finding as the detector words it, its p-value from its difference against its noise. */
function finding(
  f: Omit<AlertFinding, 'difference' | 'pValue' | 'baseline' | 'current'> & {
    baseline: { successes: number; n: number };
    current: { successes: number; n: number };
  },
): AlertFinding {
  const baseline = { ...f.baseline, rate: f.baseline.successes / f.baseline.n };
  const current = { ...f.current, rate: f.current.successes / f.current.n };
  const difference = current.rate - baseline.rate;
  const z = difference / f.noise;
  return {
    ...f,
    baseline,
    current,
    difference,
    pValue: f.direction === 'drop' ? normalCdf(z) : 1 - normalCdf(z),
  };
}

/** When the latest run was read for alerts: two minutes after it finished. */
const ALERTS_RAISED_AT = minutes(FINISHED_AT[LATEST]!, 2);

/**
 * The alerts the latest run raised, as monitoring.alerts answers them (most significant first). Their
 * counts are illustrative, sized like the mock's runs (20 answers a run for ChatGPT in fr-FR): the
 * runs' own samples do not drop.
 * - ChatGPT's mention rate in fr-FR fell in the latest run against the six before it; the webhook
 *   took it.
 * - Every engine's share of inaccurate answers in en-US rose over the latest two runs; the webhook
 *   answered 404 four times and was given up on.
 */
export const monitoringAlerts: readonly MonitoringAlert[] = [
  {
    id: 'malert_1',
    runId: monitoringRunIds[LATEST]!,
    createdAt: ALERTS_RAISED_AT,
    runsFinishedAt: [FINISHED_AT[LATEST]!],
    dismissedAt: null,
    webhook: { status: 'sent', error: null, attempts: 1 },
    ...finding({
      engine: 'openai',
      market: 'fr-FR',
      metric: 'mention',
      direction: 'drop',
      baseline: { successes: 70, n: 120 },
      current: { successes: 3, n: 20 },
      noise: 0.12,
      runIds: [monitoringRunIds[LATEST]!],
      baselineRunIds: monitoringRunIds.slice(LATEST - 6, LATEST),
    }),
  },
  {
    id: 'malert_2',
    runId: monitoringRunIds[LATEST]!,
    createdAt: ALERTS_RAISED_AT,
    runsFinishedAt: [FINISHED_AT[LATEST - 1]!, FINISHED_AT[LATEST]!],
    dismissedAt: null,
    webhook: { status: 'failed', error: 'The webhook answered 404', attempts: 4 },
    ...finding({
      engine: null,
      market: 'en-US',
      metric: 'accuracy',
      direction: 'rise',
      baseline: { successes: 9, n: 150 },
      current: { successes: 14, n: 60 },
      noise: 0.05,
      runIds: monitoringRunIds.slice(LATEST - 1),
      baselineRunIds: monitoringRunIds.slice(0, LATEST - 1),
    }),
  },
];

// ——— Scenarios ———

export interface MonitoringMockOptions {
  /** Eight finished runs behind the results (default), or none: the env has never run. */
  history?: 'eight-runs' | 'none';
  /** What the uplift compares (default: the runs as configured). */
  uplift?: UpliftScenario;
  /** A run in progress over the results. */
  active?: MonitoringRun | null;
  /** Whether a config is saved (default: yes); without one, start is refused as the server does. */
  configured?: boolean;
  /** What monitoring.watchRun sends: by default the active run once, then quiet. */
  watch?: MockReply<'monitoring.watchRun'>;
  /** Whether the org's retention removed the oldest runs' answers (default: every answer kept). */
  answers?: 'kept' | 'removed';
  /** The markets asked: en-US alone (default), or en-US, fr-FR and de-DE. */
  markets?: MarketsScenario;
  /** Open alerts: none (default), or the two the latest run raised (`monitoringAlerts`). */
  alerts?: AlertsScenario;
}

export interface MonitoringMock {
  scenario: TrpcScenario;
  /** The alerts still open: the scenario's, less those dismissed through the mock. */
  openAlerts(): MonitoringAlert[];
  /** Every alert open again, for each run of a story. */
  reset(): void;
}

/**
 * monitoring.results (honouring `engine`), runs, start, prompt, watchRun, alerts and dismissAlert for
 * Acme/prod. Start is refused while a run is active or before a config is saved, and a dismiss of an
 * alert that is not open with the server's messages; a dismissed alert stays gone until `reset`.
 */
export function monitoringMock({
  history = 'eight-runs',
  uplift = 'as-configured',
  active = null,
  configured = true,
  watch,
  answers = 'kept',
  markets = 'one',
  alerts = 'none',
}: MonitoringMockOptions = {}): MonitoringMock {
  const ran = history === 'eight-runs';
  const raised = alerts === 'raised' ? monitoringAlerts : [];
  let open = [...raised];
  const removed = answers === 'removed' ? monitoringAnswersRemoved : null;
  const config = configured ? (markets === 'three' ? marketsConfig : resultsConfig) : null;
  const latestRun = active ?? (ran ? finishedRuns[LATEST]! : null);
  const scenario: TrpcScenario = {
    'monitoring.results': (input) =>
      ran
        ? {
            ...monitoringResults(input.engine ?? null, latestRun!, uplift, {
              markets,
              market: input.market ?? null,
            }),
            config,
            answersRemoved: removed,
          }
        : { ...NO_RESULTS, run: latestRun, config },
    'monitoring.runs': () => [
      ...(active ? [active] : []),
      ...(ran ? [...finishedRuns].reverse() : []),
    ],
    'monitoring.start': () => {
      if (!config) return domainError('INVALID', MONITORING_RUN_MESSAGES.notConfigured);
      if (active) return domainError('CONFLICT', MONITORING_RUN_MESSAGES.runActive);
      return queuedRun;
    },
    'monitoring.sources': (input) =>
      ran
        ? monitoringSources(input.engine ?? null, { markets, market: input.market ?? null })
        : { run: null, overall: null, engines: [] },
    'monitoring.accuracy': (input) =>
      ran
        ? monitoringAccuracy(input.engine ?? null, { markets, market: input.market ?? null })
        : { ...NO_ACCURACY, priceSiteId: MOCK_PRICE_SITE },
    'monitoring.prompt': (input) => {
      if (!ran) return domainError('NOT_FOUND', MONITORING_RUN_MESSAGES.noRun);
      return (
        promptSamples(input.promptKey, input.runId, removed) ??
        domainError('NOT_FOUND', MONITORING_RUN_MESSAGES.promptNotFound)
      );
    },
    'monitoring.watchRun': watch ?? (active ? mockStream([{ data: active }]) : pending),
    'monitoring.alerts': (): MonitoringAlerts => ({ alerts: [...open], pending: false }),
    'monitoring.dismissAlert': ({ alertId }) => {
      if (!open.some((a) => a.id === alertId)) {
        return domainError('NOT_FOUND', ALERT_MESSAGES.notFound);
      }
      open = open.filter((a) => a.id !== alertId);
    },
  };
  return {
    scenario,
    openAlerts: () => [...open],
    reset: () => {
      open = [...raised];
    },
  };
}
