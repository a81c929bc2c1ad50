/**
 * Where an answer came from, as its engine reports it (docs/decisions/0047-web-search-monitoring.md):
 * the pages the engine's web search found, which of them it cited and for which spans of the answer,
 * and what it searched for. An engine asked without web search reports none.
 */
import { z } from 'zod/mini';
import type { AiEngine } from '~/domain/ai/models';

/** How an engine was asked: with its vendor's web search (the default), or from its memory alone. */
export const ASK_MODES = ['web-search', 'memory'] as const;
export type AskMode = (typeof ASK_MODES)[number];

export const ASK_MODE_LABELS: Record<AskMode, string> = {
  'web-search': 'API with web search',
  memory: 'API without web search',
};

const count = () => z.int().check(z.minimum(0));
const text = (max: number) => z.string().check(z.maxLength(max));

export const answerSpanSchema = z.object({ start: count(), end: count() });
export type AnswerSpan = z.infer<typeof answerSpanSchema>;

export const answerSourceSchema = z.object({
  /** The page, or the engine's redirect to it (Gemini). */
  url: text(4000),
  title: z.nullable(text(1000)),
  /** Host without `www.`: the page's, or the one the engine names for a redirect (Gemini). */
  domain: text(300),
  /** True when `url` is the engine's redirect to the page, not the page (Gemini's grounding). */
  redirect: z.boolean(),
  /** The engine cited it in the answer; false: its search found the page, the answer did not cite it. */
  cited: z.boolean(),
  /** Spans of the answer (UTF-16 offsets, end exclusive) the page supports. */
  spans: z.array(answerSpanSchema).check(z.maxLength(100)),
});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

export const answerSearchSchema = z.object({
  /** What the engine searched for. */
  queries: z.array(text(1000)).check(z.maxLength(50)),
  sources: z.array(answerSourceSchema).check(z.maxLength(200)),
  /** Searches billed (Gemini 2.5 bills a grounded prompt once, whatever the number of queries). */
  searches: count(),
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

/** One run's source counts for an engine and prompt (monitoring_aggregates). */
export interface SourceCounts {
  searched: number;
  citedDomains: Record<string, number>;
  citedPages: Record<string, CitedPageCount>;
}

export type CitedDomainKind = 'brand' | 'competitor' | 'other';

export interface CitedDomain {
  domain: string;
  kind: CitedDomainKind;
  /** The competitor's name, when the domain is a competitor's. */
  name: string | null;
  /** Answers citing a page on it. */
  citations: number;
  /** Its share of every domain's citations. */
  share: number;
}

export interface CitedPage {
  url: string;
  title: string | null;
  domain: string;
  kind: CitedDomainKind;
  citations: number;
}

/** What the engines cited in a run (every engine together, or one): the sources view's figures. */
export interface SourcesFigures {
  /** Answers asked with web search. */
  searched: number;
  /** Citations of every domain together (an answer citing two domains counts twice). */
  citations: number;
  /** Answers citing the brand's domain. */
  brandCitations: number;
  /** The brand's share of all citations; null when nothing was cited. */
  brandShare: number | null;
  /** The domains cited most, most first. */
  domains: CitedDomain[];
  /** The brand's own pages cited (its storefront), most first. */
  brandPages: CitedPage[];
  /** Other sites' pages cited, most first: the citations the brand does not win. */
  otherPages: CitedPage[];
}

export const SOURCES_LIMITS = { domains: 10, pages: 10 } as const;

/** Adds up the counts of several engines and prompts, then ranks the domains and pages. */
export function sourcesFigures(
  rows: readonly SourceCounts[],
  brand: { domain: string; competitors: readonly { name: string; domain?: string | undefined }[] },
): SourcesFigures {
  const domains = new Map<string, number>();
  const pages = new Map<string, CitedPageCount>();
  let searched = 0;
  for (const row of rows) {
    searched += row.searched;
    for (const [domain, n] of Object.entries(row.citedDomains)) {
      domains.set(domain, (domains.get(domain) ?? 0) + n);
    }
    for (const [url, page] of Object.entries(row.citedPages)) {
      const seen = pages.get(url);
      pages.set(url, { ...page, title: seen?.title ?? page.title, n: (seen?.n ?? 0) + page.n });
    }
  }
  const kindOf = (domain: string): { kind: CitedDomainKind; name: string | null } => {
    if (isDomainOf(domain, brand.domain)) return { kind: 'brand', name: null };
    const competitor = brand.competitors.find((c) => c.domain && isDomainOf(domain, c.domain));
    return competitor
      ? { kind: 'competitor', name: competitor.name }
      : { kind: 'other', name: null };
  };
  const citations = [...domains.values()].reduce((a, b) => a + b, 0);
  const brandCitations = [...domains.entries()]
    .filter(([domain]) => isDomainOf(domain, brand.domain))
    .reduce((sum, [, n]) => sum + n, 0);
  const byCount = <T extends { citations: number }>(
    a: T & { key: string },
    b: T & { key: string },
  ) => b.citations - a.citations || a.key.localeCompare(b.key, 'en-US');
  const ranked = [...domains.entries()]
    .map(([domain, n]) => ({ key: domain, domain, citations: n, ...kindOf(domain) }))
    .sort(byCount)
    .slice(0, SOURCES_LIMITS.domains)
    .map(({ key: _key, ...d }) => ({ ...d, share: citations > 0 ? d.citations / citations : 0 }));
  const allPages = [...pages.entries()]
    .map(([url, p]) => ({
      key: url,
      url,
      title: p.title,
      domain: p.domain,
      citations: p.n,
      kind: kindOf(p.domain).kind,
    }))
    .sort(byCount)
    .map(({ key: _key, ...p }) => p);
  return {
    searched,
    citations,
    brandCitations,
    brandShare: citations > 0 ? brandCitations / citations : null,
    domains: ranked,
    brandPages: allPages.filter((p) => p.kind === 'brand').slice(0, SOURCES_LIMITS.pages),
    otherPages: allPages.filter((p) => p.kind !== 'brand').slice(0, SOURCES_LIMITS.pages),
  };
}

/** The sources view: the latest finished run's cited sources, every engine together and each one. */
export interface MonitoringSources {
  run: { id: string; finishedAt: Date } | null;
  /** Null when narrowed to one engine (it is that engine's figures) or before the first run. */
  overall: SourcesFigures | null;
  engines: (SourcesFigures & { engine: AiEngine; mode: AskMode })[];
}
