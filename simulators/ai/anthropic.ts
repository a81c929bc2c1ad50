/** Anthropic's Messages API wire format, JSON and streamed (message_start … message_stop). */
import type { SimAnswer, SimRequest, SimTool } from './answers';
import { chunks } from './answers';
import { citedPieces, pageToken, type SimWebSearch } from './web-search';
import {
  ANY_JSON_SCHEMA,
  asArray,
  isRecord,
  simId,
  simRequest,
  simTool,
  type SseWriter,
  textOf,
} from './wire';

export function parseMessagesRequest(body: Record<string, unknown>): SimRequest {
  const system = textOf(body.system);
  let prompt = '';
  const toolResults: string[] = [];
  for (const m of asArray(body.messages)) {
    if (!isRecord(m) || m.role !== 'user') continue;
    const text = textOf(m.content);
    if (text) prompt = text;
    for (const block of asArray(m.content)) {
      if (isRecord(block) && block.type === 'tool_result') toolResults.push(textOf(block.content));
    }
  }
  const tools: SimTool[] = asArray(body.tools)
    .filter((t): t is Record<string, unknown> => isRecord(t) && isRecord(t.input_schema))
    .map((t) => simTool(t, t.input_schema));
  const choice = isRecord(body.tool_choice) ? body.tool_choice : {};
  const forcedTool =
    choice.type === 'any'
      ? true
      : choice.type === 'tool' && typeof choice.name === 'string'
        ? choice.name
        : undefined;
  const format = isRecord(body.output_config) ? body.output_config.format : body.output_format;
  const schema = isRecord(format)
    ? isRecord(format.schema)
      ? format.schema
      : ANY_JSON_SCHEMA
    : undefined;
  const webSearch = webSearchOf(body);
  return simRequest({
    ...(webSearch ? { webSearch } : {}),
    vendor: 'anthropic',
    model: String(body.model ?? ''),
    system,
    prompt,
    raw: body,
    schema,
    tools,
    forcedTool,
    toolResults,
  });
}

/** The web search server tool, in any of its dated versions ("web_search_20250305", …). */
function webSearchOf(body: Record<string, unknown>): SimWebSearch | undefined {
  const tool = asArray(body.tools).find(
    (t): t is Record<string, unknown> =>
      isRecord(t) && typeof t.type === 'string' && /^web_search_\d{8}$/.test(t.type),
  );
  if (!tool) return undefined;
  const location = isRecord(tool.user_location) ? tool.user_location : {};
  return typeof location.country === 'string' ? { country: location.country } : {};
}

const DIRECT = { type: 'direct' } as const;

type Block =
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | {
      type: 'server_tool_use';
      id: string;
      name: 'web_search';
      input: { query: string };
      caller: typeof DIRECT;
    }
  | {
      type: 'web_search_tool_result';
      tool_use_id: string;
      caller: typeof DIRECT;
      content: {
        type: 'web_search_result';
        url: string;
        title: string;
        encrypted_content: string;
        page_age: string | null;
      }[];
    }
  | { type: 'text'; text: string; citations?: Record<string, unknown>[] | null };

function content(a: SimAnswer, seed: number): Block[] {
  if (a.kind === 'tool') {
    return a.calls.map((c) => ({
      type: 'tool_use' as const,
      id: `toolu_${c.id}`,
      name: c.name,
      input: c.args,
    }));
  }
  if (!a.search) return [{ type: 'text' as const, text: a.text }];
  // A searched answer: the search (one block each way per query), then the text in pieces, each
  // cited piece with the results it cites.
  const { queries, results, citations } = a.search;
  const blocks: Block[] = queries.flatMap((query, i) => {
    const id = simId('srvtoolu_', seed, i);
    return [
      {
        type: 'server_tool_use' as const,
        id,
        name: 'web_search' as const,
        input: { query },
        caller: DIRECT,
      },
      {
        type: 'web_search_tool_result' as const,
        tool_use_id: id,
        caller: DIRECT,
        content: results.map((r) => ({
          type: 'web_search_result' as const,
          url: r.url,
          title: r.title,
          encrypted_content: pageToken(`content:${r.url}`),
          page_age: r.pageAge,
        })),
      },
    ];
  });
  for (const piece of citedPieces(a.text, citations)) {
    blocks.push({
      type: 'text',
      text: piece.text,
      citations:
        piece.results.length === 0
          ? null
          : piece.results.map((at) => ({
              type: 'web_search_result_location',
              url: results[at]!.url,
              title: results[at]!.title,
              encrypted_index: pageToken(`index:${results[at]!.url}`),
              cited_text: piece.text,
            })),
    });
  }
  return blocks;
}

const usage = (a: SimAnswer, outputTokens = a.outputTokens) => ({
  input_tokens: a.inputTokens,
  output_tokens: outputTokens,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  ...(a.kind === 'text' && a.search
    ? { server_tool_use: { web_search_requests: a.search.queries.length, web_fetch_requests: 0 } }
    : {}),
});

export function messagesJson(req: SimRequest, a: SimAnswer, seed: number) {
  return {
    id: simId('msg_', seed),
    type: 'message',
    role: 'assistant',
    model: req.model,
    content: content(a, seed),
    stop_reason: a.kind === 'tool' ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: usage(a),
  };
}

export function messagesStream(req: SimRequest, a: SimAnswer, seed: number, out: SseWriter) {
  const send = (type: string, data: Record<string, unknown>) => out.send({ type, ...data }, type);
  send('message_start', {
    message: {
      ...messagesJson(req, a, seed),
      content: [],
      stop_reason: null,
      usage: usage(a, 1),
    },
  });
  send('ping', {});
  content(a, seed).forEach((block, index) => {
    if (block.type === 'tool_use' || block.type === 'server_tool_use') {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      for (const part of chunks(JSON.stringify(block.input))) {
        send('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: part },
        });
      }
    } else if (block.type === 'web_search_tool_result') {
      // The results come whole, in the block's start.
      send('content_block_start', { index, content_block: block });
    } else {
      send('content_block_start', {
        index,
        content_block: { type: 'text', text: '', ...(block.citations ? { citations: [] } : {}) },
      });
      for (const citation of block.citations ?? []) {
        send('content_block_delta', { index, delta: { type: 'citations_delta', citation } });
      }
      for (const part of chunks(String(block.text))) {
        send('content_block_delta', { index, delta: { type: 'text_delta', text: part } });
      }
    }
    send('content_block_stop', { index });
  });
  send('message_delta', {
    delta: { stop_reason: a.kind === 'tool' ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: a.outputTokens },
  });
  send('message_stop', {});
  out.end();
}

export function anthropicModels(models: readonly string[]) {
  return {
    data: models.map((id) => ({
      type: 'model',
      id,
      // "claude-sonnet-5-5" → "Claude Sonnet 5.5"
      display_name: id
        .split('-')
        .reduce(
          (name, part) =>
            /^\d+$/.test(part)
              ? `${name}${/\d$/.test(name) ? '.' : ' '}${part}`
              : `${name} ${part[0]?.toUpperCase()}${part.slice(1)}`,
          '',
        )
        .trim(),
      created_at: '2026-01-01T00:00:00Z',
    })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models.at(-1) ?? null,
  };
}
