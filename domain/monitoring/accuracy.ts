/**
 * Answers checked against the catalogue (docs/product.md#accuracy): what a sampled answer claims
 * about a catalogue product, its price and whether it is still sold, compared with the catalogue
 * copy. Rule-based, like the parser: no model call, so a check costs nothing and reads the same
 * answer the same way every time.
 *
 * A claim is read only where it is unambiguous: in one sentence or list item that names exactly one
 * catalogue product, with exactly one price (a range, or two prices, is no claim). A price is a
 * mismatch only in the catalogue's own currency and beyond rounding: an answer may round to whole
 * units ("$130" for 129.99), so a price written without cents matches within one unit, one written
 * with cents within half a cent. A price in another currency is not checked (Beacon does not guess
 * exchange rates). An answer that says a product is discontinued, sold out or no longer available is
 * a mismatch while the catalogue has the product online.
 */
import { z } from 'zod/mini';
import { AI_ENGINES, type AiEngine } from '~/domain/ai/models';
import { type CatalogueEntry, createProductMatcher } from './parse';
import type { AnswerSearch } from './sources';
import { type Rate, wilsonInterval } from './stats';

/** What the catalogue copy holds about a product, as the check compares it. */
export interface CatalogueFacts extends CatalogueEntry {
  online: boolean;
  /** The storefront site's sales price (a master's lowest); null when the copy has none. */
  price: number | null;
  /** ISO 4217, e.g. "USD"; null with the price. */
  currency: string | null;
}

export const CLAIM_KINDS = ['price', 'availability'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const claimSchema = z.object({
  productId: z.string(),
  kind: z.enum(CLAIM_KINDS),
  /** What the answer said, as written ("$149.99", "discontinued"). */
  said: z.string(),
  /** What the catalogue holds, formatted ("USD 129.99", "online"). */
  catalogue: z.string(),
  /** Whether the claim disagrees with the catalogue. */
  mismatch: z.boolean(),
  /** Where the claim stands in the answer (UTF-16 offsets of its sentence or list item). */
  start: z.number(),
  end: z.number(),
});
export type Claim = z.infer<typeof claimSchema>;

/** Currency signs and codes answers write, to ISO 4217. A bare "$" is read as the catalogue's dollar. */
const SIGNS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  US$: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  // French writes the country after the sign ("129,99 $US"), as Intl's fr-FR format does.
  $US: 'USD',
  $CA: 'CAD',
  $AU: 'AUD',
  CHF: 'CHF',
  'Fr.': 'CHF',
};
const CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN'];
const DOLLARS = new Set(['USD', 'CAD', 'AUD']);

const SIGN = String.raw`US\$|CA\$|C\$|AU\$|A\$|\$US|\$CA|\$AU|\$|€|£|¥|CHF|Fr\.`;
const CODE = CODES.join('|');
/** 1,299.99 · 1.299,99 · 1 299,99 · 129 · 129.9 — grouped thousands and a decimal comma or point. */
const AMOUNT = String.raw`\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const PRICE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?<pre>${SIGN}|(?:${CODE})\s?)\s?(?<a1>${AMOUNT})|(?<a2>${AMOUNT})\s?(?<post>${SIGN}|${CODE}|euros?|dollars?)(?![\p{L}]))`,
  'gu',
);
/** "$100–$150", "$100 to $150", "between $100 and $150": a range is no claim. */
const RANGE = /\d\s*(?:[-–—]|to|and|à|bis)\s*(?:US\$|\$|€|£)?\s*\d/u;

/** Read as the amount it is: the last separator followed by one or two digits is the decimal one. */
export function parseAmount(written: string): { amount: number; cents: boolean } | null {
  const compact = written.replace(/[\u00a0\u202f ]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const amount = Number(`${whole}.${decimal?.[1] ?? '0'}`);
  return Number.isFinite(amount) ? { amount, cents: decimal !== null } : null;
}

interface PriceSaid {
  said: string;
  amount: number;
  cents: boolean;
  /** ISO 4217; "$" is "USD" unless the catalogue's currency is another dollar. */
  currency: string;
}

function currencyOf(token: string, catalogueCurrency: string | null): string {
  const t = token.trim();
  if (t === '$')
    return catalogueCurrency && DOLLARS.has(catalogueCurrency) ? catalogueCurrency : 'USD';
  if (/^euros?$/i.test(t)) return 'EUR';
  if (/^dollars?$/i.test(t)) {
    return catalogueCurrency && DOLLARS.has(catalogueCurrency) ? catalogueCurrency : 'USD';
  }
  return SIGNS[t] ?? t.toUpperCase();
}

function pricesIn(unit: string, catalogueCurrency: string | null): PriceSaid[] {
  const found: PriceSaid[] = [];
  for (const m of unit.matchAll(PRICE)) {
    const g = m.groups ?? {};
    const written = g.a1 ?? g.a2;
    const token = g.pre ?? g.post;
    if (!written || !token) continue;
    const parsed = parseAmount(written);
    if (!parsed) continue;
    found.push({ said: m[0].trim(), ...parsed, currency: currencyOf(token, catalogueCurrency) });
  }
  return found;
}

/** Cues that a product is no longer sold, per language Beacon offers (negations read below). */
const cue = (source: string) =>
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${source})(?![\p{L}\p{N}])`, 'iu');
const UNAVAILABLE = [
  // en
  'discontinued',
  'no longer (?:available|sold|made|in production|offered|carried|stocked)',
  'out of stock',
  'sold out',
  'not available any ?more',
  // fr
  'plus (?:disponible|vendu|fabriqué|commercialisé)e?s?',
  'rupture de stock',
  'épuisée?s?',
  // de
  'nicht mehr (?:erhältlich|verfügbar|lieferbar|im Sortiment)',
  'ausverkauft',
  'eingestellt',
].map(cue);
/** "not discontinued", "isn't sold out": a negated cue says the opposite, and is no claim here. */
const NEGATED = /(?:\bnot|n't|\bnever|\bpas|\bnicht)\s+(?:\w+\s+)?$/iu;

function unavailabilityIn(unit: string): string | null {
  for (const cue of UNAVAILABLE) {
    const m = cue.exec(unit);
    if (m && !NEGATED.test(unit.slice(Math.max(0, m.index - 24), m.index))) return m[0];
  }
  return null;
}

/** Sentences and list items: where one claim about one product is read. */
function unitsOf(answer: string): { start: number; end: number }[] {
  const units: { start: number; end: number }[] = [];
  let lineStart = 0;
  for (const line of answer.split('\n')) {
    // Sentences end at ". " / "! " / "? " (a decimal point or an abbreviation's dot does not).
    // A list item's marker ("1. ") ends no sentence.
    const marker = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/u.exec(line)?.[0].length ?? 0;
    const ends = [...line.matchAll(/[.!?]+(?=\s+\p{Lu}|\s*$)/gu)]
      .map((m) => m.index + m[0].length)
      .filter((end) => end > marker);
    let from = 0;
    for (const end of [...ends, line.length]) {
      if (end > from && line.slice(from, end).trim()) {
        units.push({ start: lineStart + from, end: lineStart + end });
      }
      from = end;
    }
    lineStart += line.length + 1;
  }
  return units;
}

const money = (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}`;

/** A page the engine cited for a span of the answer (its search's sources, ADR 0047). */
export interface CitedSpan {
  start: number;
  end: number;
  url: string;
}

/** The pages an engine cited, span by span (its search's sources), as the checker takes them. */
export function citedSpans(search: AnswerSearch | null | undefined): CitedSpan[] {
  return (search?.sources ?? []).flatMap((s) =>
    s.cited ? s.spans.map((span) => ({ ...span, url: s.url })) : [],
  );
}

/**
 * One engine and prompt's aggregate counts from its answers' claims, as the runner's aggregate
 * statement counts them in SQL (the stories' mock counts through this).
 */
export function accuracyRow(engine: AiEngine, answers: readonly (readonly Claim[])[]): AccuracyRow {
  const claimCounts: Record<string, ProductClaimCounts> = {};
  for (const claims of answers) {
    for (const c of claims) {
      const into = (claimCounts[c.productId] ??= { checked: 0, mismatched: 0 });
      into.checked += 1;
      if (c.mismatch) into.mismatched += 1;
    }
  }
  return {
    engine,
    claimsChecked: answers.filter((claims) => claims.length > 0).length,
    claimsWrong: answers.filter((claims) => claims.some((c) => c.mismatch)).length,
    claimCounts,
  };
}

/**
 * A checker for one run: the catalogue indexed once. `check(answer, cited)` gives each unambiguous
 * claim the answer makes about a catalogue product, with whether it disagrees with the copy. Two
 * products may share a name; a sentence naming such a name is about the one whose page the engine
 * cited for it, when it cited exactly one of them.
 */
export function createAccuracyChecker(
  catalogue: readonly CatalogueFacts[],
): (answer: string, cited?: readonly CitedSpan[]) => Claim[] {
  const productsIn = createProductMatcher(catalogue);
  const facts = new Map(catalogue.map((f) => [f.id, f]));
  const productOf = (unit: string, start: number, end: number, cited: readonly CitedSpan[]) => {
    const named = productsIn(unit);
    if (named.length <= 1) return named[0];
    const pages = new Set(
      cited
        .filter((c) => c.start < end && c.end > start)
        .flatMap((c) => productsIn(c.url).filter((id) => named.includes(id))),
    );
    return pages.size === 1 ? [...pages][0] : undefined;
  };
  return (answer, cited = []) => {
    const claims: Claim[] = [];
    for (const { start, end } of unitsOf(answer)) {
      const unit = answer.slice(start, end);
      const id = productOf(unit, start, end, cited);
      if (id === undefined) continue;
      const product = facts.get(id);
      if (!product) continue;
      const prices = pricesIn(unit, product.currency);
      if (prices.length === 1 && !RANGE.test(unit) && product.price !== null && product.currency) {
        const said = prices[0]!;
        if (said.currency === product.currency) {
          const tolerance = said.cents ? 0.005 : 1;
          claims.push({
            productId: product.id,
            kind: 'price',
            said: said.said,
            catalogue: money(product.price, product.currency),
            mismatch: Math.abs(said.amount - product.price) >= tolerance,
            start,
            end,
          });
        }
      }
      const gone = unavailabilityIn(unit);
      if (gone) {
        claims.push({
          productId: product.id,
          kind: 'availability',
          said: gone,
          catalogue: product.online ? 'online' : 'offline',
          mismatch: product.online,
          start,
          end,
        });
      }
    }
    return claims;
  };
}

/** Per product, what the answers claimed about it and how many of those claims were wrong. */
export interface ProductClaimCounts {
  checked: number;
  mismatched: number;
}

/** One engine's inaccurate-answer rate: answers with a wrong claim of those with any checked claim. */
export interface AccuracyFigure {
  engine: AiEngine;
  inaccurate: Rate;
}

export const inaccurateRate = (mismatched: number, checked: number): Rate =>
  wilsonInterval(mismatched, checked);

/** A wrong claim in the latest run, with where to read it: its prompt's answers (the sample). */
export interface AccuracyMismatch {
  engine: AiEngine;
  promptKey: string;
  /** The prompt's text, as the run asked it. */
  prompt: string;
  /** The sample's number among the prompt's answers from this engine (0-based). */
  idx: number;
  productId: string;
  productName: string | null;
  kind: ClaimKind;
  said: string;
  catalogue: string;
  /** The sentence or list item the claim is in: untrusted text, shown as text. */
  excerpt: string;
}

/** What `monitoring.accuracy` answers: the latest finished run's answers checked against the copy. */
export interface AccuracyResults {
  run: { id: string; finishedAt: Date } | null;
  /** Every engine together (null when narrowed to one engine, or before any run). */
  overall: Rate | null;
  engines: AccuracyFigure[];
  /** Products the answers made claims about, most wrong claims first. */
  products: (ProductClaimCounts & { b2cProductId: string; name: string | null })[];
  /** The latest run's wrong claims, up to ACCURACY_MISMATCH_LIMIT. */
  mismatches: AccuracyMismatch[];
  /** Every wrong claim in the latest run (more than are listed when over the limit). */
  mismatchesTotal: number;
  /** The storefront site the copy's prices are for; null: the copy has no prices (none checked). */
  priceSiteId: string | null;
}

export const ACCURACY_MISMATCH_LIMIT = 50;

export const NO_ACCURACY: AccuracyResults = {
  run: null,
  overall: null,
  engines: [],
  products: [],
  mismatches: [],
  mismatchesTotal: 0,
  priceSiteId: null,
};

/** One engine and prompt's counts, as a run's aggregates keep them. */
export interface AccuracyRow {
  engine: AiEngine;
  claimsChecked: number;
  claimsWrong: number;
  claimCounts: Record<string, ProductClaimCounts>;
}

/** An answer of the run that holds a wrong claim. */
export interface ClaimedSample {
  engine: AiEngine;
  promptKey: string;
  idx: number;
  answer: string | null;
  claims: readonly Claim[];
}

/**
 * The accuracy view's figures from a run's aggregate rows and its answers with a wrong claim (engine,
 * prompt and sample order): the server reads both from the database, the stories' mock from its
 * fixtures, and both answer through this.
 */
export function accuracyResults(input: {
  run: { id: string; finishedAt: Date };
  /** Narrowed to one engine: its rows only, and no overall figure. */
  engine: AiEngine | null;
  rows: readonly AccuracyRow[];
  wrong: readonly ClaimedSample[];
  promptText: (key: string) => string;
  productName: (id: string) => string | null;
  priceSiteId: string | null;
}): AccuracyResults {
  const rows = input.rows.filter((r) => input.engine === null || r.engine === input.engine);
  const rateOf = (of: readonly AccuracyRow[]) =>
    inaccurateRate(
      of.reduce((s, r) => s + r.claimsWrong, 0),
      of.reduce((s, r) => s + r.claimsChecked, 0),
    );
  const products = new Map<string, ProductClaimCounts>();
  for (const row of rows) {
    for (const [id, c] of Object.entries(row.claimCounts)) {
      const into = products.get(id) ?? { checked: 0, mismatched: 0 };
      into.checked += c.checked;
      into.mismatched += c.mismatched;
      products.set(id, into);
    }
  }
  const all = input.wrong
    .filter((s) => input.engine === null || s.engine === input.engine)
    .flatMap((sample) =>
      sample.claims.filter((c) => c.mismatch).map((claim) => ({ sample, claim })),
    );
  const engines = AI_ENGINES.filter((e) => rows.some((r) => r.engine === e));
  return {
    run: input.run,
    overall: input.engine ? null : rateOf(rows),
    engines: engines.map((e) => ({
      engine: e,
      inaccurate: rateOf(rows.filter((r) => r.engine === e)),
    })),
    products: [...products]
      .map(([id, c]) => ({ b2cProductId: id, name: input.productName(id), ...c }))
      .sort(
        (a, b) =>
          b.mismatched - a.mismatched ||
          b.checked - a.checked ||
          (a.b2cProductId < b.b2cProductId ? -1 : 1),
      ),
    mismatches: all.slice(0, ACCURACY_MISMATCH_LIMIT).map(({ sample, claim }) => ({
      engine: sample.engine,
      promptKey: sample.promptKey,
      prompt: input.promptText(sample.promptKey),
      idx: sample.idx,
      productId: claim.productId,
      productName: input.productName(claim.productId),
      kind: claim.kind,
      said: claim.said,
      catalogue: claim.catalogue,
      excerpt: (sample.answer ?? '').slice(claim.start, claim.end).trim(),
    })),
    mismatchesTotal: all.length,
    priceSiteId: input.priceSiteId,
  };
}
