/**
 * Markets (docs/product.md#markets): a monitoring prompt belongs to a market, a language and a
 * country written as the catalogue's locale ids write them (`fr-FR`, `de-DE`). The prompt is written
 * in that language and asked as written; the engine's web search gets the country where its vendor
 * takes one, and the answer is read with the market's catalogue names and the language's cues.
 * The markets an env offers are the catalogue copy's locales that name a country.
 */
import { z } from 'zod/mini';
import { MARKET_PATTERN } from './market-id';

export { MARKET_PATTERN };
/** Prompt blocks a config may have: one per market. */
export const MARKETS_MAX = 10;

export const MARKET_MESSAGES = {
  invalid: 'Choose a market: a language and a country, like fr-FR',
  noMarket: 'Choose the market these prompts are asked in',
  duplicate: 'This market is listed twice',
  unknown: 'This market is not among the catalogue’s locales',
  notInRun: 'No prompt of this market was asked in these runs.',
} as const;

export const marketSchema = z.string().check(z.regex(MARKET_PATTERN, MARKET_MESSAGES.invalid));
export type Market = string;

export const languageOfMarket = (market: Market) => market.split('-')[0]!;
export const countryOfMarket = (market: Market) => market.split('-')[1]!;

/** The markets of a catalogue copy: its locales that name a country, in order. */
export function marketsOfLocales(locales: readonly string[]): Market[] {
  return [...new Set(locales.filter((l) => MARKET_PATTERN.test(l)))].sort((a, b) =>
    a.localeCompare(b, 'en-US'),
  );
}

const languageNames = new Intl.DisplayNames(['en-US'], {
  type: 'language',
  languageDisplay: 'standard',
});

/** "French (France)": a market as people name it (its id when the platform has no name for it). */
export function marketName(market: Market): string {
  try {
    return languageNames.of(market) ?? market;
  } catch {
    return market;
  }
}

/**
 * A prompt's key in a run. A prompt of a market carries the market before its own key, so the same
 * library prompt asked in two markets is two prompts, each with its own history.
 */
export const marketPromptKey = (market: Market | null, key: string) =>
  market ? `${market}:${key}` : key;
