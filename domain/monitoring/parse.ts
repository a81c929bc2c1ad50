/**
 * What one sampled answer says about the brand (docs/product.md#monitoring): whether it names the
 * brand, whether it cites the brand's domain, where the brand stands among the brands it names,
 * which competitors and which of the catalogue's products it names, the URLs it cites, and its tone
 * towards the brand.
 *
 * Answers are read as people write them. A brand is named by its name or an accepted variant, as a
 * whole word ("Acme" is not in "Acmeology"), in the answer's words: not inside a URL, a bare domain
 * or an e-mail address (domains are cited, not named), and not inside a longer name of another brand
 * ("Acme Pro Gear" names that competitor, not "Acme"). Text is compared folded (`foldText`), so case,
 * composed or combining accents and full-width letters do not matter.
 *
 * Sentiment is rule-based, not model-graded: the same answer always parses the same way, and parsing
 * costs no model call. It counts cue words in the sentences about the brand: those naming it, and
 * those under a heading or in a list item naming only the brand (with the list items nested in it).
 * A negation ("not", "isn't", "never", "no", "without", …) flips the first cue after it within a few
 * words of its clause; commas, semicolons, dashes and words such as "but" or "although" end it.
 */
import { sentimentLexiconOf } from './sentiment-cues';

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
  /** Tone towards the brand; null when the brand is not named or its language has no cues. */
  sentiment: Sentiment | null;
}

// Folding: the full case folds toLowerCase leaves out that matter in the answers we read (German ß
// and ẞ, Greek final sigma, the Turkish dotted capital I, which lowercases to i + a combining dot),
// and typographic apostrophes, so "Levi’s" and "isn’t" read as "Levi's" and "isn't".
const FOLDS = /[ßς\u2018\u2019\u02bc]|i\u0307/gu;
const FOLDED: Record<string, string> = {
  ß: 'ss',
  ς: 'σ',
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  'i\u0307': 'i',
};

/**
 * Text as the parser compares it: NFKC (full-width and compatibility letters to plain ones, accents
 * composed), case-folded, apostrophes straight. Lengths may change, so the parser compares indexes
 * into folded text only.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(FOLDS, (c) => FOLDED[c] ?? c);
}

const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}]`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A host: labels of letters, digits and inner hyphens, then a top-level label of letters that ends
// where its word does ("v1.2" and "e.g." are no hosts; "acme.com2" is not cut to "acme.com").
const HOST = String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\p{L}\p{N}])`;
const EMAIL = String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@${HOST}`;
/** http(s) URLs, and bare domains such as "acme.com/jackets" or "www.acme-outfitters.com". */
const URL_SOURCE = String.raw`\bhttps?:\/\/[^\s<>"'()[\]{}]+|(?<![\p{L}\p{N}@./-])${HOST}(?:\/[^\s<>"'()[\]{}]*)?`;
/** E-mail addresses (group 1, so they are told apart) and URLs: what an answer cites, not says. */
const ADDRESS = new RegExp(`(${EMAIL})|${URL_SOURCE}`, 'giu');
const TRAILING_PUNCTUATION = /[.,;:!?]+$/u;

/**
 * Stands in for a URL's or e-mail address's characters, so names are not found inside them while
 * every index stays put: not a letter (names end beside it), not a space (a name does not run across
 * it), not sentence punctuation (a URL's dots end no sentence). Folding leaves it as it is.
 */
const HIDDEN = '\u0000';

/** The URLs a text cites, once each and as written, and the text with its addresses hidden. */
function readAddresses(text: string): { urls: string[]; said: string } {
  const urls: string[] = [];
  const said = text.replace(ADDRESS, (address: string, email: string | undefined) => {
    const kept = address.replace(TRAILING_PUNCTUATION, '');
    if (!email && !urls.includes(kept)) urls.push(kept);
    return HIDDEN.repeat(kept.length) + address.slice(kept.length);
  });
  return { urls, said };
}

export function extractUrls(text: string): string[] {
  return readAddresses(text).urls;
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
  const wanted = hostOf(domain.trim());
  if (!wanted) return false;
  return urls.some((url) => {
    const host = hostOf(url);
    return host !== null && (host === wanted || host.endsWith(`.${wanted}`));
  });
}

/** A brand named in the answer: where (in folded text) and which (0 is the monitored brand). */
interface Mention {
  at: number;
  brand: number;
}

/**
 * One pattern for every name of every brand, longest first: at each place the longest name wins, and
 * matching goes on after it, so a name inside a longer name of another brand is not a mention of its
 * own. Spaces in a name match any run of whitespace.
 */
function namesPattern(brands: readonly BrandSpec[]): {
  pattern: RegExp | null;
  brandOf: Map<string, number>;
} {
  const brandOf = new Map<string, number>();
  brands.forEach((b, i) => {
    for (const name of [b.name, ...(b.variants ?? [])]) {
      const key = foldText(name).trim().split(/\s+/).join(' ');
      // The monitored brand comes first, so a name it shares with a competitor stays the brand's.
      if (key && !brandOf.has(key)) brandOf.set(key, i);
    }
  });
  if (brandOf.size === 0) return { pattern: null, brandOf };
  const body = [...brandOf.keys()]
    .sort((a, b) => b.length - a.length)
    .map((key) =>
      key
        .split(' ')
        .map(escapeRegex)
        .join(String.raw`\s+`),
    )
    .join('|');
  return {
    pattern: new RegExp(`(?<!${WORD_CHAR})(?:${body})(?!${WORD_CHAR})`, 'gu'),
    brandOf,
  };
}

function mentionsIn(
  text: string,
  pattern: RegExp | null,
  brandOf: ReadonlyMap<string, number>,
): Mention[] {
  if (!pattern) return [];
  const mentions: Mention[] = [];
  for (const match of text.matchAll(pattern)) {
    const brand = brandOf.get(match[0].split(/\s+/).join(' '));
    if (brand !== undefined) {
      mentions.push({ at: match.index, brand });
    }
  }
  return mentions;
}

/** A language's cue words compiled for reading: cue → tone, the word sets, the clause breaks. */
interface Lexicon {
  cues: Map<string, 1 | -1>;
  negations: Set<string>;
  contractions: boolean;
  notNegating: Set<string>;
  carryOn: Set<string>;
  /** Tokens that end a negation's reach: the clause words and punctuation inside a sentence. */
  endsNegation: Set<string>;
  /** Where a clause ends, for telling which brand a clause is about (parentheses do not end one). */
  clauseBreak: RegExp;
}

const lexicons = new Map<string, Lexicon | null>();

/** The compiled lexicon of a language; null when Beacon has no cues for it (sentiment not measured). */
function lexiconOf(language: string): Lexicon | null {
  if (lexicons.has(language)) return lexicons.get(language)!;
  const words = sentimentLexiconOf(language);
  const lexicon: Lexicon | null = words && {
    cues: new Map([
      ...words.positive.map((w) => [w, 1] as const),
      ...words.negative.map((w) => [w, -1] as const),
    ]),
    negations: new Set(words.negations),
    contractions: words.contractions ?? false,
    notNegating: new Set(words.notNegating),
    carryOn: new Set(words.carryOn),
    endsNegation: new Set([...words.clauseWords, ...',;:()|-\u2013\u2014']),
    clauseBreak: new RegExp(
      String.raw`[,;:|\u2013\u2014]|(?<=\s)-(?=\s)|(?<![\p{L}\p{N}'])(?:${words.clauseWords.join('|')})(?![\p{L}\p{N}'])`,
      'gu',
    ),
  };
  lexicons.set(language, lexicon);
  return lexicon;
}

/** A negation reaches the first cue within this many words after it ("don't think it's the best"). */
const NEGATION_REACH = 5;

/** Words with their inner apostrophes and hyphens, and the punctuation that ends a clause. */
const TOKEN = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*|[,;:()|\u2013\u2014]|(?<=\s)-(?=\s)/gu;
const isNegation = (word: string, lexicon: Lexicon) =>
  lexicon.negations.has(word) || (lexicon.contractions && word.endsWith("n't"));

/** Adds one sentence's cues to the tally: +1 positive, -1 negative, each flipped when negated. */
function scoreSentence(
  sentence: string,
  tally: { positive: number; negative: number },
  lexicon: Lexicon,
) {
  const tokens = sentence.match(TOKEN) ?? [];
  let reach = 0;
  let negated = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const cue = lexicon.cues.get(token);
    if (cue !== undefined) {
      const tone = reach > 0 && negated ? -cue : cue;
      if (tone > 0) tally.positive += 1;
      else tally.negative += 1;
      // "not durable or reliable": the negation goes on past "or" to the next cue.
      const next = tokens[i + 1];
      if (reach > 0 && negated && lexicon.carryOn.has(next ?? '')) {
        reach = NEGATION_REACH;
        i += 1;
      } else {
        reach = 0;
      }
    } else if (isNegation(token, lexicon)) {
      if (lexicon.notNegating.has(tokens[i + 1] ?? '')) continue;
      // A second negation in reach undoes the first: "not without issues".
      negated = reach > 0 ? !negated : true;
      reach = NEGATION_REACH;
    } else if (lexicon.endsNegation.has(token)) {
      reach = 0;
    } else if (reach > 0) {
      reach -= 1;
    }
  }
}

const HEADING = /^(#{1,6})\s+/;
/** A line that is bold and nothing else ("**Acme Outdoor**"), as answers write a small heading. */
const BOLD_LINE = /^(\*\*|__)(?:(?!\1).)+\1:?\s*$/u;
const THEMATIC_BREAK = /^(?:[-*_]\s*){3,}$/;
const LIST_MARKER = /^(?:[-*+•]|\d{1,3}[.)])\s+/u;
const QUOTE_MARKER = /^(?:>\s?)+/;
const SENTENCE_END = /[.!?]+(?:\s+|$)/gu;

/** Which brands text[from, to) names: the brand (0), others, both or none. */
function namedIn(mentions: readonly Mention[], from: number, to: number) {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid]!.at < from) lo = mid + 1;
    else hi = mid;
  }
  let brand = false;
  let other = false;
  for (let i = lo; i < mentions.length && mentions[i]!.at < to; i++) {
    if (mentions[i]!.brand === 0) brand = true;
    else other = true;
  }
  return { brand, other };
}

/**
 * What a heading or list item is about: only the brand, other brands (or the brand among others), or,
 * naming none, what it sits under.
 */
type Subject = 'brand' | 'other' | null;

function subjectOf(mentions: readonly Mention[], from: number, to: number): Subject {
  const named = namedIn(mentions, from, to);
  if (named.brand && !named.other) return 'brand';
  return named.brand || named.other ? 'other' : null;
}

/**
 * The tone towards the brand (0 in `mentions`) of an answer in folded text with its addresses
 * hidden. Lines are read as Markdown: headings (and bold-only lines) open sections, list items nest
 * by indentation, and a sentence that names no brand is about what its list item, or else its
 * section, is about.
 */
function sentimentOf(text: string, mentions: readonly Mention[], lexicon: Lexicon): Sentiment {
  const tally = { positive: 0, negative: 0 };
  const sections: { level: number; subject: Subject }[] = [];
  const items: { indent: number; subject: Subject }[] = [];
  /**
   * A sentence naming the brand and others, clause by clause: a clause naming the brand counts, one
   * naming only others does not, and one naming none goes with the clause before it ("Acme is
   * great, while Globex is cheap but flimsy" is positive about Acme).
   */
  const readClauses = (from: number, sentence: string) => {
    let about: Subject = null;
    let start = 0;
    const read = (end: number) => {
      const named = namedIn(mentions, from + start, from + end);
      if (named.brand) about = 'brand';
      else if (named.other) about = 'other';
      if (about === 'brand') scoreSentence(sentence.slice(start, end), tally, lexicon);
      start = end;
    };
    for (const boundary of sentence.matchAll(lexicon.clauseBreak)) read(boundary.index);
    read(sentence.length);
  };
  /** Scores the sentences of `line` (at `from` in `text`) that are about the brand. */
  const readLine = (from: number, line: string, subject: Subject) => {
    const read = (start: number, end: number) => {
      const named = namedIn(mentions, from + start, from + end);
      if (named.brand && named.other) readClauses(from + start, line.slice(start, end));
      else if (named.brand || (!named.other && subject === 'brand')) {
        scoreSentence(line.slice(start, end), tally, lexicon);
      }
    };
    let start = 0;
    for (const end of line.matchAll(SENTENCE_END)) {
      read(start, end.index + end[0].length);
      start = end.index + end[0].length;
    }
    if (start < line.length) read(start, line.length);
  };

  let nextLine = 0;
  for (const raw of text.split('\n')) {
    const lineStart = nextLine;
    nextLine += raw.length + 1;
    const indent = /^[ \t]*/.exec(raw)![0];
    const width = indent.replace(/\t/g, '    ').length;
    const unquoted = raw.slice(indent.length).replace(QUOTE_MARKER, '');
    const at = lineStart + raw.length - unquoted.length;
    const line = unquoted.trimEnd();
    if (!line) continue;
    if (THEMATIC_BREAK.test(line)) {
      sections.length = 0;
      items.length = 0;
      continue;
    }
    const heading = HEADING.exec(line);
    const level = heading ? heading[1]!.length : width === 0 && BOLD_LINE.test(line) ? 7 : 0;
    if (level > 0) {
      while (sections.length > 0 && sections.at(-1)!.level >= level) sections.pop();
      items.length = 0;
      const subject = subjectOf(mentions, at, at + line.length) ?? sections.at(-1)?.subject ?? null;
      sections.push({ level, subject });
      readLine(at, line, subject);
      continue;
    }
    const marker = LIST_MARKER.exec(line);
    if (marker) {
      while (items.length > 0 && items.at(-1)!.indent >= width) items.pop();
      const subject =
        subjectOf(mentions, at, at + line.length) ??
        (items.at(-1) ?? sections.at(-1))?.subject ??
        null;
      items.push({ indent: width, subject });
      readLine(at + marker[0].length, line.slice(marker[0].length), subject);
      continue;
    }
    // A paragraph line: indented, it goes on the list item above it; else it ends the list.
    while (items.length > 0 && items.at(-1)!.indent >= width) items.pop();
    readLine(at, line, (items.at(-1) ?? sections.at(-1))?.subject ?? null);
  }
  const { positive, negative } = tally;
  if (positive > 0 && negative > 0) return 'mixed';
  if (positive > 0) return 'positive';
  if (negative > 0) return 'negative';
  return 'neutral';
}

/** Product names shorter than this many characters are too generic to count as naming the product. */
const MIN_NAME_LENGTH = 8;

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [];

/**
 * The catalogue's products a text names, by id (SKU) or by full name, in order of first appearance;
 * ids and names indexed once, so each text takes one pass over its words.
 */
export function createProductMatcher(
  catalogue: readonly CatalogueEntry[],
): (text: string) => string[] {
  const byId = new Map<string, string>();
  // Names by their first word: each answer word looks up the names that may start there.
  const byFirstWord = new Map<string, { words: string[]; id: string }[]>();
  for (const entry of catalogue) {
    byId.set(foldText(entry.id), entry.id);
    const name = entry.name?.trim();
    if (!name || name.length < MIN_NAME_LENGTH) continue;
    const words = wordsOf(foldText(name));
    if (words.length === 0) continue;
    const list = byFirstWord.get(words[0]!) ?? [];
    list.push({ words, id: entry.id });
    byFirstWord.set(words[0]!, list);
  }
  return (text) => {
    const words = wordsOf(foldText(text));
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
    return products;
  };
}

/**
 * A parser for one monitoring setup: the brands' names and the catalogue's ids and names indexed
 * once, so each of thousands of answers is parsed in a few passes over its text.
 */
export function createAnswerParser(setup: {
  brand: BrandSpec;
  competitors: readonly BrandSpec[];
  catalogue: readonly CatalogueEntry[];
  /**
   * The language answers are written in ("fr", or a market such as "fr-FR"), for its sentiment cues;
   * English when absent. A language without cues leaves sentiment null: not measured.
   */
  language?: string;
}): (answer: string) => ParsedAnswer {
  const brands = [setup.brand, ...setup.competitors];
  const lexicon = lexiconOf(setup.language ?? 'en');
  const { pattern, brandOf } = namesPattern(brands);
  const productsIn = createProductMatcher(setup.catalogue);

  return (answer) => {
    const { urls, said } = readAddresses(answer);
    const text = foldText(said);
    const mentions = mentionsIn(text, pattern, brandOf);
    const inOrder = [...new Set(mentions.map((m) => m.brand))];
    const brandMentioned = inOrder.includes(0);

    // Products are named anywhere, a URL's path included.
    const products = productsIn(answer);

    return {
      brandMentioned,
      brandCited: citesDomain(urls, setup.brand.domain),
      position: brandMentioned ? inOrder.indexOf(0) + 1 : null,
      brandsInOrder: inOrder.map((b) => brands[b]!.name),
      competitorsNamed: inOrder.filter((b) => b !== 0).map((b) => brands[b]!.name),
      productsNamed: products,
      citedUrls: urls,
      sentiment: brandMentioned && lexicon ? sentimentOf(text, mentions, lexicon) : null,
    };
  };
}
