/**
 * The vendors' web search as the simulator plays it: an engine asked with its search tool searches
 * the question's words, finds the live storefronts' product pages (crawled as storefront.ts does) and
 * a small synthetic web of other retailers and review sites, and cites the pages its answer uses.
 * The vendor routes put the same outcome in their own shapes: OpenAI's `web_search_call` items and
 * `url_citation` annotations, Anthropic's `server_tool_use` and `web_search_tool_result` blocks with
 * text citations, Gemini's `groundingMetadata`. See docs/decisions/0047-web-search-monitoring.md.
 */
import { hashSeed } from '~/simulators/b2c/prng';

/** What a request asked of the search tool. */
export interface SimWebSearch {
  /** The country of the tool's approximate user location, when the request gave one. */
  country?: string;
  /** OpenAI: the request included `web_search_call.action.sources` (every page consulted). */
  includeSources?: boolean;
}

/** A page the search found. */
export interface SearchResult {
  url: string;
  title: string;
  /** The host, without `www.`. */
  domain: string;
  /** How old the page is, as Anthropic reports it ("3 days ago"), when known. */
  pageAge: string | null;
}

/** A span of the answer and the result that supports it; offsets are UTF-16 code units of the text. */
export interface SearchCitation {
  start: number;
  end: number;
  result: number;
}

export interface SearchOutcome {
  /** What the engine searched for. */
  queries: string[];
  /** Every page found, in rank order (the cited ones among them). */
  results: SearchResult[];
  citations: SearchCitation[];
}

/** Review sites of the synthetic web: they rank shopping questions' products, as review pages do. */
export const REVIEW_SITES = [
  { name: 'Gear Review Weekly', url: 'https://www.gearreviewweekly.example' },
  { name: 'Trail Talk Forum', url: 'https://forum.trailtalk.example' },
] as const;

export const domainOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** A stable, opaque token for a page (Anthropic's encrypted content and index, Gemini's redirect). */
export const pageToken = (url: string) =>
  // Pure, so the story fixtures that import the answer model load in a browser too.
  [0, 1, 2, 3, 4]
    .map((i) => hashSeed(url, i).toString(36).padStart(7, '0'))
    .join('')
    .slice(0, 32);

/** The host Gemini's grounding chunks point at: each chunk's `uri` redirects to the page. */
export const GEMINI_REDIRECT_BASE =
  'https://vertexaisearch.cloud.google.com/grounding-api-redirect/';

/** UTF-8 byte offset of a UTF-16 offset in `text` (Gemini counts segments in bytes). */
export const byteOffset = (text: string, index: number) =>
  new TextEncoder().encode(text.slice(0, index)).length;

/**
 * The answer's text split at its citations: each piece with the results that support it (none for
 * the text between citations). Anthropic sends the pieces as text blocks.
 */
export function citedPieces(
  text: string,
  citations: readonly SearchCitation[],
): { text: string; results: number[] }[] {
  const cuts = [...new Set([0, text.length, ...citations.flatMap((c) => [c.start, c.end])])].sort(
    (a, b) => a - b,
  );
  const pieces: { text: string; results: number[] }[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    if (end <= start) continue;
    const results = citations.filter((c) => c.start <= start && c.end >= end).map((c) => c.result);
    pieces.push({ text: text.slice(start, end), results: [...new Set(results)] });
  }
  return pieces;
}
