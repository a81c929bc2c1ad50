/**
 * A market's id, apart from markets.ts so the routes' search schemas (in the entry chunk) carry the
 * pattern without zod (docs/decisions/0002-lean-entry-chunk.md).
 */

/** A language and a country, as OCAPI writes a regional locale: `fr-FR`. */
export const MARKET_PATTERN = /^[a-z]{2,3}-[A-Z]{2}$/;
