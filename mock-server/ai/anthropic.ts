/** Anthropic's Messages API wire format, JSON and streamed (message_start … message_stop). */
import type { SimAnswer, SimRequest, SimTool } from './answers';
import { chunks } from './answers';
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
  return simRequest({
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

function content(a: SimAnswer) {
  return a.kind === 'tool'
    ? a.calls.map((c) => ({
        type: 'tool_use' as const,
        id: `toolu_${c.id}`,
        name: c.name,
        input: c.args,
      }))
    : [{ type: 'text' as const, text: a.text }];
}

const usage = (a: SimAnswer, outputTokens = a.outputTokens) => ({
  input_tokens: a.inputTokens,
  output_tokens: outputTokens,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
});

export function messagesJson(req: SimRequest, a: SimAnswer, seed: number) {
  return {
    id: simId('msg_', seed),
    type: 'message',
    role: 'assistant',
    model: req.model,
    content: content(a),
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
  content(a).forEach((block, index) => {
    if (block.type === 'tool_use') {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      for (const part of chunks(JSON.stringify(block.input))) {
        send('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: part },
        });
      }
    } else {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
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
