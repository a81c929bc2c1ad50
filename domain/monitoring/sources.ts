/**
 * Where an answer came from, as its engine reports it (docs/decisions/0047-web-search-monitoring.md):
 * the pages the engine's web search found, which of them it cited and for which spans of the answer,
 * and what it searched for. An engine asked without web search reports none.
 */
import { z } from 'zod';

/** How an engine was asked: with its vendor's web search (the default), or from its memory alone. */
export const ASK_MODES = ['web-search', 'memory'] as const;
export type AskMode = (typeof ASK_MODES)[number];

export const ASK_MODE_LABELS: Record<AskMode, string> = {
  'web-search': 'API with web search',
  memory: 'API without web search',
};

export const answerSpanSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type AnswerSpan = z.infer<typeof answerSpanSchema>;

export const answerSourceSchema = z.object({
  /** The page, or the engine's redirect to it (Gemini). */
  url: z.string().max(4000),
  title: z.string().max(1000).nullable(),
  /** Host without `www.`: the page's, or the one the engine names for a redirect (Gemini). */
  domain: z.string().max(300),
  /** True when `url` is the engine's redirect to the page, not the page (Gemini's grounding). */
  redirect: z.boolean(),
  /** The engine cited it in the answer; false: its search found the page, the answer did not cite it. */
  cited: z.boolean(),
  /** Spans of the answer (UTF-16 offsets, end exclusive) the page supports. */
  spans: z.array(answerSpanSchema).max(100),
});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

export const answerSearchSchema = z.object({
  /** What the engine searched for. */
  queries: z.array(z.string().max(1000)).max(50),
  sources: z.array(answerSourceSchema).max(200),
  /** Searches billed (Gemini 2.5 bills a grounded prompt once, whatever the number of queries). */
  searches: z.number().int().min(0),
});
export type AnswerSearch = z.infer<typeof answerSearchSchema>;

/** A cited page in a run's aggregates: how many answers cited it, and what it is. */
export interface CitedPageCount {
  n: number;
  title: string | null;
  domain: string;
}

/** A hostname as Beacon compares domains: lower case, without `www.` and a trailing dot. */
export function normalizeDomain(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** The domain of a URL, or null when it is not an http(s) URL. */
export function domainOfUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return normalizeDomain(parsed.hostname);
  } catch {
    return null;
  }
}

/** Whether `domain` is `brandDomain` or one of its subdomains. */
export function isDomainOf(domain: string, brandDomain: string): boolean {
  const d = normalizeDomain(domain);
  const b = normalizeDomain(brandDomain);
  return b !== '' && (d === b || d.endsWith(`.${b}`));
}
