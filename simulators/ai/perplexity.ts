/**
 * Perplexity's wire format: its Chat Completions (`POST /chat/completions`, JSON and streamed), as
 * the AI SDK's `@ai-sdk/perplexity` and the openai SDK at Perplexity's base URL call it. Sonar
 * searches the web for every answer unless the request sets `disable_search`; the answer numbers
 * its sources `[1]`, `[2]`… in the text, `citations` lists their URLs in that order and
 * `search_results` every page found with its title (the shapes of perplexityai/perplexity-node's
 * `StreamChunk` and `APIPublicSearchResult`). See docs/decisions/0047-web-search-monitoring.md.
 */
import { type SimAnswer, type SimRequest, chunks } from './answers';
import { asArray, isRecord, SIM_CREATED_AT, type SseWriter, simRequest, textOf } from './wire';

/** Perplexity's request fee at each search context size, US dollars per request. */
const REQUEST_FEE = { low: 0.005, medium: 0.008, high: 0.012 } as const;

export function parseSonarRequest(body: Record<string, unknown>): SimRequest {
  const system: string[] = [];
  let prompt = '';
  for (const m of asArray(body.messages)) {
    if (!isRecord(m)) continue;
    if (m.role === 'system') system.push(textOf(m.content));
    else if (m.role === 'user') prompt = textOf(m.content);
  }
  const options = isRecord(body.web_search_options) ? body.web_search_options : {};
  const location = isRecord(options.user_location) ? options.user_location : {};
  return simRequest({
    ...(body.disable_search === true
      ? {}
      : {
          webSearch: {
            ...(typeof location.country === 'string' ? { country: location.country } : {}),
          },
        }),
    vendor: 'perplexity',
    model: String(body.model ?? 'sonar'),
    system: system.join('\n'),
    prompt,
    raw: body,
    schema: undefined,
    tools: [],
    forcedTool: undefined,
    toolResults: [],
  });
}

/**
 * The answer as Sonar writes it: each cited span followed by its sources' numbers ("…from Acme[1]"),
 * numbered by the page's place in `citations`, which lists every page found.
 */
export function sonarText(a: SimAnswer): string {
  if (a.kind !== 'text') return '';
  if (!a.search) return a.text;
  const byEnd = new Map<number, number[]>();
  for (const c of a.search.citations) {
    byEnd.set(c.end, [...(byEnd.get(c.end) ?? []), c.result + 1]);
  }
  let text = '';
  let from = 0;
  for (const end of [...byEnd.keys()].sort((x, y) => x - y)) {
    const numbers = [...new Set(byEnd.get(end))].sort((x, y) => x - y);
    text += a.text.slice(from, end) + numbers.map((n) => `[${n}]`).join('');
    from = end;
  }
  return text + a.text.slice(from);
}

function searchFields(a: SimAnswer) {
  if (a.kind !== 'text' || !a.search) return {};
  return {
    citations: a.search.results.map((r) => r.url),
    search_results: a.search.results.map((r) => ({
      title: r.title,
      url: r.url,
      date: null,
      last_updated: null,
      snippet: r.title,
      source: 'web' as const,
    })),
  };
}

function usageOf(req: SimRequest, a: SimAnswer) {
  const body = isRecord(req.raw) ? req.raw : {};
  const options = isRecord(body.web_search_options) ? body.web_search_options : {};
  const size =
    options.search_context_size === 'medium' || options.search_context_size === 'high'
      ? options.search_context_size
      : 'low';
  const searched = a.kind === 'text' && a.search !== undefined;
  // Sonar's tokens cost $1 per million each way; the request fee only when it searched.
  const input = a.inputTokens / 1_000_000;
  const output = a.outputTokens / 1_000_000;
  const request = searched ? REQUEST_FEE[size] : 0;
  return {
    prompt_tokens: a.inputTokens,
    completion_tokens: a.outputTokens,
    total_tokens: a.inputTokens + a.outputTokens,
    search_context_size: searched ? size : null,
    ...(searched ? { num_search_queries: a.kind === 'text' ? a.search!.queries.length : 0 } : {}),
    cost: {
      input_tokens_cost: input,
      output_tokens_cost: output,
      request_cost: request,
      total_cost: Math.round((input + output + request) * 1e6) / 1e6,
    },
  };
}

const completionId = (seed: number) =>
  `${seed.toString(16).padStart(8, '0')}-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`;

export function sonarJson(req: SimRequest, a: SimAnswer, seed: number) {
  return {
    id: completionId(seed),
    model: req.model,
    created: SIM_CREATED_AT,
    object: 'chat.completion',
    usage: usageOf(req, a),
    ...searchFields(a),
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: { role: 'assistant', content: sonarText(a) },
        delta: { role: 'assistant', content: '' },
      },
    ],
  };
}

/** Streamed as Perplexity does: every chunk repeats the sources; the last one carries the usage. */
export function sonarStream(req: SimRequest, a: SimAnswer, seed: number, out: SseWriter) {
  const base = {
    id: completionId(seed),
    model: req.model,
    created: SIM_CREATED_AT,
    object: 'chat.completion.chunk',
    ...searchFields(a),
  };
  const parts = chunks(sonarText(a));
  parts.forEach((content, i) => {
    out.send({
      ...base,
      choices: [
        {
          index: 0,
          finish_reason: null,
          delta: { ...(i === 0 ? { role: 'assistant' } : {}), content },
        },
      ],
    });
  });
  out.send({
    ...base,
    usage: usageOf(req, a),
    choices: [{ index: 0, finish_reason: 'stop', delta: { content: '' } }],
  });
  out.raw('data: [DONE]\n\n');
  out.end();
}
