/**
 * What one sampled answer says about the brand (docs/product.md#monitoring): whether it names the
 * brand (its name or an accepted variant, as a whole word: "Acme" is not in "Acmeology"), whether it
 * cites the brand's domain, where the brand stands among the brands it names, which competitors and
 * which of the catalogue's products it names, the URLs it cites, and its tone towards the brand.
 * Sentiment is rule-based (cue words in the sentences that name the brand, with negation), not
 * model-graded: the same answer always parses the same way, and parsing costs no model call.
 */

export interface BrandSpec {
  name: string;
  /** Other accepted spellings ("ACME Outdoor", "acme.com" is not one: domains are cited, not named). */
  variants?: readonly string[];
  /** Hostname without scheme, e.g. "acme.com". */
  domain?: string | null;
}

export interface CatalogueEntry {
  /** The product id (SKU) on the instance. */
  id: string;
  /** Its name in the locale asked (else the default name). */
  name: string | null;
}

export const SENTIMENTS = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const SENTIMENT_METHOD = 'rule-based' as const;

export interface ParsedAnswer {
  brandMentioned: boolean;
  brandCited: boolean;
  /** 1 when the brand is the first brand named, and so on; null when it is not named. */
  position: number | null;
  /** Brands named, in order of first appearance (the brand under its own name). */
  brandsInOrder: string[];
  competitorsNamed: string[];
  /** Product ids the answer names, by id or by full name, in order of first appearance. */
  productsNamed: string[];
  citedUrls: string[];
  /** Tone towards the brand; null when the brand is not named. */
  sentiment: Sentiment | null;
}

const LETTER_OR_DIGIT = String.raw`[\p{L}\p{N}]`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A phrase as a whole-word pattern: spaces match any run of whitespace, case and accents as written. */
function phrasePattern(phrase: string): RegExp {
  const body = phrase
    .trim()
    .split(/\s+/)
    .map(escapeRegex)
    .join(String.raw`\s+`);
  return new RegExp(`(?<!${LETTER_OR_DIGIT})${body}(?!${LETTER_OR_DIGIT})`, 'iu');
}

/** Where a brand is first named, under any of its names; -1 when it is not. */
function firstIndex(text: string, patterns: readonly RegExp[]): number {
  let first = -1;
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match && (first === -1 || match.index < first)) first = match.index;
  }
  return first;
}

/** http(s) URLs, and bare domains such as "acme.com/jackets"; trailing punctuation is not part of them. */
const URL_PATTERN =
  /\bhttps?:\/\/[^\s<>"'()[\]{}]+|(?<![\p{L}\p{N}@./-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:\/[^\s<>"'()[\]{}]*)?/giu;

export function extractUrls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?]+$/u, '');
    if (!found.includes(url)) found.push(url);
  }
  return found;
}

/** The URL's host, lower case, without "www."; null when it is not a URL or domain. */
export function hostOf(url: string): string | null {
  try {
    const host = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase();
    return host.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function citesDomain(urls: readonly string[], domain: string | null | undefined): boolean {
  if (!domain) return false;
  const wanted = domain.toLowerCase().replace(/^www\./, '');
  return urls.some((url) => {
    const host = hostOf(url);
    return host !== null && (host === wanted || host.endsWith(`.${wanted}`));
  });
}

const POSITIVE = [
  'recommend',
  'recommended',
  'best',
  'great',
  'excellent',
  'reliable',
  'trusted',
  'love',
  'loved',
  'favorite',
  'favourite',
  'top',
  'quality',
  'durable',
  'popular',
  'well-made',
  'standout',
  'outstanding',
];
const NEGATIVE = [
  'avoid',
  'poor',
  'bad',
  'worst',
  'complaints',
  'overpriced',
  'disappointing',
  'flimsy',
  'unreliable',
  'cheaply',
  'issues',
  'problems',
  'mediocre',
];
const NEGATIONS = new Set(['not', 'no', "don't", 'dont', 'never', "isn't", "wouldn't", 'hardly']);

/** The tone of the sentences that name the brand: cue words counted, a negation just before flipping one. */
export function sentimentOf(text: string, brandPatterns: readonly RegExp[]): Sentiment {
  let positive = 0;
  let negative = 0;
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/u)) {
    if (!brandPatterns.some((p) => p.test(sentence))) continue;
    const words = sentence.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
    words.forEach((word, i) => {
      const negated = words.slice(Math.max(0, i - 3), i).some((w) => NEGATIONS.has(w));
      const isPositive = POSITIVE.includes(word);
      const isNegative = NEGATIVE.includes(word);
      if (!isPositive && !isNegative) return;
      if (isPositive !== negated) positive += 1;
      else negative += 1;
    });
  }
  if (positive > 0 && negative > 0) return 'mixed';
  if (positive > 0) return 'positive';
  if (negative > 0) return 'negative';
  return 'neutral';
}

/** Product names shorter than this many characters are too generic to count as naming the product. */
const MIN_NAME_LENGTH = 8;

const tokenKey = (word: string) => word.toLocaleLowerCase('en-US');
const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [];

/**
 * A parser for one monitoring setup: the brand's and competitors' patterns and the catalogue's ids
 * and names indexed once, so each of thousands of answers is parsed in one pass over its words.
 */
export function createAnswerParser(setup: {
  brand: BrandSpec;
  competitors: readonly BrandSpec[];
  catalogue: readonly CatalogueEntry[];
}): (answer: string) => ParsedAnswer {
  const patternsOf = (b: BrandSpec) =>
    [b.name, ...(b.variants ?? [])].filter((n) => n.trim()).map(phrasePattern);
  const brandPatterns = patternsOf(setup.brand);
  const competitors = setup.competitors.map((c) => ({ name: c.name, patterns: patternsOf(c) }));

  const byId = new Map<string, string>();
  // Names by their first word: each answer word looks up the names that may start there.
  const byFirstWord = new Map<string, { words: string[]; id: string }[]>();
  for (const entry of setup.catalogue) {
    byId.set(tokenKey(entry.id), entry.id);
    const name = entry.name?.trim();
    if (!name || name.length < MIN_NAME_LENGTH) continue;
    const words = wordsOf(name).map(tokenKey);
    if (words.length === 0) continue;
    const list = byFirstWord.get(words[0]!) ?? [];
    list.push({ words, id: entry.id });
    byFirstWord.set(words[0]!, list);
  }

  return (answer) => {
    const brandAt = firstIndex(answer, brandPatterns);
    const named = competitors
      .map((c) => ({ name: c.name, at: firstIndex(answer, c.patterns) }))
      .filter((c) => c.at >= 0);
    const inOrder = [
      ...named,
      ...(brandAt >= 0 ? [{ name: setup.brand.name, at: brandAt }] : []),
    ].sort((a, b) => a.at - b.at);

    const words = wordsOf(answer).map(tokenKey);
    const products: string[] = [];
    const add = (id: string) => {
      if (!products.includes(id)) products.push(id);
    };
    words.forEach((word, i) => {
      const id = byId.get(word);
      if (id) add(id);
      for (const candidate of byFirstWord.get(word) ?? []) {
        if (candidate.words.every((w, k) => words[i + k] === w)) add(candidate.id);
      }
    });

    const urls = extractUrls(answer);
    return {
      brandMentioned: brandAt >= 0,
      brandCited: citesDomain(urls, setup.brand.domain),
      position: brandAt >= 0 ? inOrder.findIndex((b) => b.at === brandAt) + 1 : null,
      brandsInOrder: inOrder.map((b) => b.name),
      competitorsNamed: named.sort((a, b) => a.at - b.at).map((c) => c.name),
      productsNamed: products,
      citedUrls: urls,
      sentiment: brandAt >= 0 ? sentimentOf(answer, brandPatterns) : null,
    };
  };
}
