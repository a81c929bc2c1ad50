/** OpenAI's wire format: the Responses API and Chat Completions, JSON and streamed. */
import type { SimAnswer, SimRequest, SimTool } from './answers';
import { chunks } from './answers';
import type { JsonSchema } from './json-schema';
import type { SimWebSearch } from './web-search';
import {
  ANY_JSON_SCHEMA,
  asArray,
  isRecord,
  SIM_CREATED_AT,
  simId,
  simRequest,
  simTool,
  type SseWriter,
  textOf,
} from './wire';

function schemaOf(format: unknown): JsonSchema | undefined {
  if (!isRecord(format)) return undefined;
  if (format.type === 'json_schema') {
    const schema = isRecord(format.json_schema) ? format.json_schema.schema : format.schema;
    return isRecord(schema) ? schema : ANY_JSON_SCHEMA;
  }
  if (format.type === 'json_object') return ANY_JSON_SCHEMA;
  return undefined;
}

function forcedToolOf(choice: unknown): string | true | undefined {
  if (choice === 'required') return true;
  if (isRecord(choice)) {
    if (typeof choice.name === 'string') return choice.name;
    if (isRecord(choice.function) && typeof choice.function.name === 'string')
      return choice.function.name;
  }
  return undefined;
}

// ---------- Responses ----------

export function parseResponsesRequest(body: Record<string, unknown>): SimRequest {
  const input =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asArray(body.input);
  const system: string[] = typeof body.instructions === 'string' ? [body.instructions] : [];
  let prompt = '';
  const toolResults: string[] = [];
  for (const item of input) {
    if (!isRecord(item)) continue;
    if (item.type === 'function_call_output') {
      toolResults.push(typeof item.output === 'string' ? item.output : JSON.stringify(item.output));
    } else if (item.role === 'system' || item.role === 'developer')
      system.push(textOf(item.content));
    else if (item.role === 'user') prompt = textOf(item.content);
  }
  const tools: SimTool[] = asArray(body.tools)
    .filter((t): t is Record<string, unknown> => isRecord(t) && t.type === 'function')
    .map((t) => simTool(t, t.parameters));
  const schema = schemaOf(isRecord(body.text) ? body.text.format : undefined);
  const forcedTool = forcedToolOf(body.tool_choice);
  const webSearch = webSearchOf(body);
  return simRequest({
    ...(webSearch ? { webSearch } : {}),
    vendor: 'openai',
    model: String(body.model ?? 'gpt-5'),
    system: system.join('\n'),
    prompt,
    raw: body,
    schema,
    tools,
    forcedTool,
    toolResults,
  });
}

/** The Responses API's hosted web search tool ("web_search", its dated and preview names). */
const WEB_SEARCH_TOOLS = new Set(['web_search', 'web_search_2025_08_26', 'web_search_preview']);

function webSearchOf(body: Record<string, unknown>): SimWebSearch | undefined {
  const tool = asArray(body.tools).find(
    (t): t is Record<string, unknown> => isRecord(t) && WEB_SEARCH_TOOLS.has(String(t.type)),
  );
  if (!tool) return undefined;
  const location = isRecord(tool.user_location) ? tool.user_location : {};
  return {
    ...(typeof location.country === 'string' ? { country: location.country } : {}),
    includeSources: asArray(body.include).includes('web_search_call.action.sources'),
  };
}

/** The answer's `url_citation` annotations (empty without a search). */
function annotationsOf(a: SimAnswer) {
  if (a.kind !== 'text' || !a.search) return [];
  const { results, citations } = a.search;
  return citations.map((c) => ({
    type: 'url_citation' as const,
    start_index: c.start,
    end_index: c.end,
    url: results[c.result]!.url,
    title: results[c.result]!.title,
  }));
}

/** The `web_search_call` item a searched answer starts with. */
function webSearchCall(req: SimRequest, a: SimAnswer, seed: number) {
  if (a.kind !== 'text' || !a.search) return null;
  const [query] = a.search.queries;
  return {
    type: 'web_search_call' as const,
    id: simId('ws_', seed),
    status: 'completed',
    action: {
      type: 'search' as const,
      query,
      queries: a.search.queries,
      ...(req.webSearch?.includeSources
        ? { sources: a.search.results.map((r) => ({ type: 'url' as const, url: r.url })) }
        : {}),
    },
  };
}

function responsesUsage(a: SimAnswer) {
  return {
    input_tokens: a.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: a.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: a.inputTokens + a.outputTokens,
  };
}

function responsesOutput(req: SimRequest, a: SimAnswer, seed: number) {
  if (a.kind === 'tool') {
    return a.calls.map((c, i) => ({
      type: 'function_call' as const,
      id: simId('fc_', seed, i),
      call_id: c.id,
      name: c.name,
      arguments: JSON.stringify(c.args),
      status: 'completed',
    }));
  }
  const search = webSearchCall(req, a, seed);
  return [
    ...(search ? [search] : []),
    {
      type: 'message' as const,
      id: simId('msg_', seed),
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: a.text, annotations: annotationsOf(a), logprobs: [] }],
    },
  ];
}

function responseObject(req: SimRequest, a: SimAnswer, seed: number, done: boolean) {
  const body = isRecord(req.raw) ? req.raw : {};
  return {
    id: simId('resp_', seed),
    object: 'response',
    created_at: SIM_CREATED_AT,
    status: done ? 'completed' : 'in_progress',
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    model: req.model,
    output: done ? responsesOutput(req, a, seed) : [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: body.text ?? { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_p: 1,
    truncation: 'disabled',
    usage: done ? responsesUsage(a) : null,
    metadata: {},
  };
}

export function responsesJson(req: SimRequest, a: SimAnswer, seed: number) {
  return responseObject(req, a, seed, true);
}

export function responsesStream(req: SimRequest, a: SimAnswer, seed: number, out: SseWriter) {
  let sequence = 0;
  const send = (type: string, data: Record<string, unknown>) =>
    out.send({ type, sequence_number: sequence++, ...data }, type);
  send('response.created', { response: responseObject(req, a, seed, false) });
  send('response.in_progress', { response: responseObject(req, a, seed, false) });
  const items = responsesOutput(req, a, seed);
  items.forEach((item, outputIndex) => {
    if (item.type === 'web_search_call') {
      send('response.output_item.added', {
        output_index: outputIndex,
        item: { type: item.type, id: item.id, status: 'in_progress' },
      });
      for (const step of ['in_progress', 'searching', 'completed']) {
        send(`response.web_search_call.${step}`, { item_id: item.id, output_index: outputIndex });
      }
    } else if (item.type === 'function_call') {
      send('response.output_item.added', {
        output_index: outputIndex,
        item: { ...item, arguments: '', status: 'in_progress' },
      });
      for (const delta of chunks(String(item.arguments))) {
        send('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: outputIndex,
          delta,
        });
      }
      send('response.function_call_arguments.done', {
        item_id: item.id,
        output_index: outputIndex,
        arguments: item.arguments,
      });
    } else {
      const text = a.kind === 'text' ? a.text : '';
      send('response.output_item.added', {
        output_index: outputIndex,
        item: { ...item, status: 'in_progress', content: [] },
      });
      const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
      send('response.content_part.added', {
        item_id: item.id,
        output_index: outputIndex,
        content_index: 0,
        part,
      });
      for (const delta of chunks(text)) {
        send('response.output_text.delta', {
          item_id: item.id,
          output_index: outputIndex,
          content_index: 0,
          delta,
          logprobs: [],
        });
      }
      const annotations = annotationsOf(a);
      annotations.forEach((annotation, annotationIndex) => {
        send('response.output_text.annotation.added', {
          item_id: item.id,
          output_index: outputIndex,
          content_index: 0,
          annotation_index: annotationIndex,
          annotation,
        });
      });
      send('response.output_text.done', {
        item_id: item.id,
        output_index: outputIndex,
        content_index: 0,
        text,
        logprobs: [],
      });
      send('response.content_part.done', {
        item_id: item.id,
        output_index: outputIndex,
        content_index: 0,
        part: { ...part, text, annotations },
      });
    }
    send('response.output_item.done', { output_index: outputIndex, item });
  });
  send('response.completed', { response: responseObject(req, a, seed, true) });
  out.end();
}

// ---------- Chat Completions ----------

export function parseChatRequest(body: Record<string, unknown>): SimRequest {
  const system: string[] = [];
  let prompt = '';
  const toolResults: string[] = [];
  for (const m of asArray(body.messages)) {
    if (!isRecord(m)) continue;
    if (m.role === 'system' || m.role === 'developer') system.push(textOf(m.content));
    else if (m.role === 'user') prompt = textOf(m.content);
    else if (m.role === 'tool') toolResults.push(textOf(m.content));
  }
  const tools: SimTool[] = asArray(body.tools)
    .filter((t): t is Record<string, unknown> => isRecord(t) && isRecord(t.function))
    .map((t) => {
      const f = t.function as Record<string, unknown>;
      return simTool(f, f.parameters);
    });
  const schema = schemaOf(body.response_format);
  const forcedTool = forcedToolOf(body.tool_choice);
  return simRequest({
    vendor: 'openai',
    model: String(body.model ?? 'gpt-5'),
    system: system.join('\n'),
    prompt,
    raw: body,
    schema,
    tools,
    forcedTool,
    toolResults,
  });
}

const chatUsage = (a: SimAnswer) => ({
  prompt_tokens: a.inputTokens,
  completion_tokens: a.outputTokens,
  total_tokens: a.inputTokens + a.outputTokens,
  prompt_tokens_details: { cached_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 0 },
});

const toolCalls = (a: SimAnswer) =>
  a.kind === 'tool'
    ? a.calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      }))
    : undefined;

export function chatJson(req: SimRequest, a: SimAnswer, seed: number) {
  return {
    id: simId('chatcmpl-', seed),
    object: 'chat.completion',
    created: SIM_CREATED_AT,
    model: req.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: a.kind === 'text' ? a.text : null,
          refusal: null,
          ...(a.kind === 'tool' ? { tool_calls: toolCalls(a) } : {}),
        },
        logprobs: null,
        finish_reason: a.kind === 'tool' ? 'tool_calls' : 'stop',
      },
    ],
    usage: chatUsage(a),
    system_fingerprint: 'fp_beacon_sim',
  };
}

export function chatStream(req: SimRequest, a: SimAnswer, seed: number, out: SseWriter) {
  const base = {
    id: simId('chatcmpl-', seed),
    object: 'chat.completion.chunk',
    created: SIM_CREATED_AT,
    model: req.model,
    system_fingerprint: 'fp_beacon_sim',
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    out.send({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  chunk({ role: 'assistant', content: '', refusal: null });
  if (a.kind === 'tool') {
    a.calls.forEach((c, index) => {
      chunk({
        tool_calls: [
          { index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } },
        ],
      });
      for (const part of chunks(JSON.stringify(c.args))) {
        chunk({ tool_calls: [{ index, function: { arguments: part } }] });
      }
    });
  } else {
    for (const part of chunks(a.text)) chunk({ content: part });
  }
  chunk({}, a.kind === 'tool' ? 'tool_calls' : 'stop');
  const body = isRecord(req.raw) ? req.raw : {};
  if (isRecord(body.stream_options) && body.stream_options.include_usage === true) {
    out.send({ ...base, choices: [], usage: chatUsage(a) });
  }
  out.raw('data: [DONE]\n\n');
  out.end();
}

export function openaiModels(models: readonly string[]) {
  return {
    object: 'list',
    data: models.map((id) => ({
      id,
      object: 'model',
      created: SIM_CREATED_AT,
      owned_by: 'openai',
    })),
  };
}
