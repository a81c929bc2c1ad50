/**
 * Reads what an engine's web search returned from the AI SDK's result, into one shape for every
 * vendor (domain/monitoring/sources.ts):
 * - OpenAI (Responses): sources from `web_search_call.action.sources` and the `url_citation`
 *   annotations, which carry their spans; queries from the search calls' results.
 * - Anthropic: sources from `web_search_tool_result` blocks; cited text blocks cite them (the block is
 *   the span); queries from the `server_tool_use` inputs.
 * - Gemini: `groundingMetadata` from the provider metadata: a chunk per page (its `uri` a redirect,
 *   its `title` the domain), supports with byte offsets, and the queries.
 * - Perplexity: the response's `search_results` (title and URL of every page found) and `citations`,
 *   which the answer's `[n]` markers number from 1; the sentence a marker ends is its span. Its API
 *   reports how many searches ran (`usage.num_search_queries`) but not what it searched for.
 */
import type { AiEngine } from '~/domain/ai/models';
import {
  type AnswerSearch,
  type AnswerSource,
  type AnswerSpan,
  domainOfUrl,
  normalizeDomain,
} from '~/domain/monitoring/sources';

/** The parts of a `generateText` result this reads (a structural type, so tests can build one). */
export interface SearchResultLike {
  text: string;
  content: readonly {
    type: string;
    text?: string;
    citations?: readonly {
      source: { sourceType?: string; url?: string; title?: string };
      startIndex?: number;
      endIndex?: number;
    }[];
  }[];
  sources: readonly { sourceType: string; url?: string; title?: string }[];
  toolCalls: readonly { toolName: string; input: unknown }[];
  toolResults: readonly { toolName: string; output: unknown }[];
  providerMetadata?: Record<string, Record<string, unknown>> | undefined;
  /** The raw response body (Perplexity's search results are only there). */
  response?: { body?: unknown };
}

interface PerplexityBody {
  citations?: unknown;
  search_results?: unknown;
  usage?: { num_search_queries?: unknown } | null;
}

interface GroundingMetadata {
  webSearchQueries?: string[] | null;
  groundingChunks?: { web?: { uri: string; title?: string | null } | null }[] | null;
  groundingSupports?:
    | {
        segment?: { startIndex?: number | null; endIndex?: number | null } | null;
        groundingChunkIndices?: number[] | null;
      }[]
    | null;
}

/** A UTF-8 byte offset of `text` as a UTF-16 offset (Gemini counts segments in bytes). */
export function utf16Offset(text: string, bytes: number): number {
  const encoded = Buffer.from(text, 'utf8');
  return encoded.subarray(0, Math.max(0, Math.min(bytes, encoded.length))).toString('utf8').length;
}

class Sources {
  private readonly byUrl = new Map<string, AnswerSource>();
  add(url: string, title: string | null, options: { domain?: string; redirect?: boolean } = {}) {
    const existing = this.byUrl.get(url);
    if (existing) {
      existing.title ??= title;
      return existing;
    }
    const domain = options.domain ? normalizeDomain(options.domain) : domainOfUrl(url);
    if (!domain) return null;
    const source: AnswerSource = {
      url,
      title,
      domain,
      redirect: options.redirect ?? false,
      cited: false,
      spans: [],
    };
    this.byUrl.set(url, source);
    return source;
  }
  cite(source: AnswerSource | null, span: AnswerSpan) {
    if (!source) return;
    source.cited = true;
    if (!source.spans.some((s) => s.start === span.start && s.end === span.end)) {
      source.spans.push(span);
    }
  }
  list() {
    return [...this.byUrl.values()];
  }
}

const queryOf = (value: unknown): string[] => {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as { query?: unknown; action?: unknown; queries?: unknown };
  if (typeof record.query === 'string') return [record.query];
  if (Array.isArray(record.queries)) return record.queries.filter((q) => typeof q === 'string');
  return record.action ? queryOf(record.action) : [];
};

/**
 * The spans Perplexity's `[n]` markers cite: each marker (or run of markers, "[1][3]") cites the text
 * from the end of the previous sentence, line or marker up to it.
 */
export function markerSpans(text: string): { start: number; end: number; numbers: number[] }[] {
  const spans: { start: number; end: number; numbers: number[] }[] = [];
  const run = /(?:\[\d{1,3}\])+/g;
  let from = 0;
  for (let match = run.exec(text); match; match = run.exec(text)) {
    const before = text.slice(from, match.index);
    // The cited text starts after the last sentence end or line break before the marker.
    const cut = Math.max(before.lastIndexOf('\n'), before.search(/[.!?]\s+(?=[^.!?]*$)/));
    let start = from + (cut >= 0 ? cut + 1 : 0);
    while (start < match.index && /\s/.test(text[start]!)) start++;
    const numbers = [...match[0].matchAll(/\d+/g)].map((m) => Number(m[0]));
    if (match.index > start) spans.push({ start, end: match.index, numbers });
    from = match.index + match[0].length;
  }
  return spans;
}

function readPerplexity(result: SearchResultLike): AnswerSearch {
  const sources = new Sources();
  const body = (result.response?.body ?? {}) as PerplexityBody;
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  for (const r of Array.isArray(body.search_results) ? body.search_results : []) {
    const page = r as { url?: unknown; title?: unknown };
    if (typeof page.url === 'string')
      sources.add(page.url, typeof page.title === 'string' && page.title ? page.title : null);
  }
  // The SDK's sources are the citations; the body's list is the same when the body was kept.
  const citations = strings(body.citations);
  const cited = citations.length
    ? citations
    : result.sources.flatMap((s) => (s.sourceType === 'url' && s.url ? [s.url] : []));
  const pages = cited.map((url) => sources.add(url, null));
  for (const span of markerSpans(result.text)) {
    for (const n of span.numbers)
      sources.cite(pages[n - 1] ?? null, { start: span.start, end: span.end });
  }
  // Every Sonar request asked with search runs at least one (and pays its request fee).
  const reported = Number(body.usage?.num_search_queries);
  return {
    queries: [],
    sources: sources.list(),
    searches: Number.isInteger(reported) && reported > 0 ? reported : 1,
  };
}

export function readSearch(provider: AiEngine, result: SearchResultLike): AnswerSearch {
  if (provider === 'perplexity') return readPerplexity(result);
  const sources = new Sources();
  if (provider === 'google') {
    const grounding = (result.providerMetadata?.google?.groundingMetadata ??
      null) as GroundingMetadata | null;
    const chunks = (grounding?.groundingChunks ?? []).map((chunk) =>
      chunk.web
        ? sources.add(chunk.web.uri, null, {
            ...(chunk.web.title ? { domain: chunk.web.title } : {}),
            redirect: true,
          })
        : null,
    );
    for (const support of grounding?.groundingSupports ?? []) {
      const start = utf16Offset(result.text, support.segment?.startIndex ?? 0);
      const end = utf16Offset(result.text, support.segment?.endIndex ?? 0);
      if (end <= start) continue;
      for (const index of support.groundingChunkIndices ?? []) {
        sources.cite(chunks[index] ?? null, { start, end });
      }
    }
    const queries = (grounding?.webSearchQueries ?? []).filter((q) => typeof q === 'string');
    return { queries, sources: sources.list(), searches: queries.length };
  }

  for (const source of result.sources) {
    if (source.sourceType === 'url' && source.url) sources.add(source.url, source.title ?? null);
  }
  // The cited spans: OpenAI gives offsets into its text part; Anthropic cites whole text blocks.
  let offset = 0;
  for (const part of result.content) {
    if (part.type !== 'text' || typeof part.text !== 'string') continue;
    for (const citation of part.citations ?? []) {
      const { url, title } = citation.source;
      if (!url) continue;
      const start = offset + (citation.startIndex ?? 0);
      const end = offset + (citation.endIndex ?? part.text.length);
      sources.cite(sources.add(url, title ?? null), { start, end });
    }
    offset += part.text.length;
  }
  const searchCalls = result.toolCalls.filter((c) => c.toolName === 'web_search');
  const queries = [
    ...searchCalls.flatMap((c) => queryOf(c.input)),
    ...result.toolResults
      .filter((r) => r.toolName === 'web_search')
      .flatMap((r) => queryOf(r.output)),
  ];
  return { queries: [...new Set(queries)], sources: sources.list(), searches: searchCalls.length };
}
