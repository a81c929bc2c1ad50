/** Helpers the vendor routes share: reading messages' text and writing server-sent events. */
import type { Response } from 'express';
import type { SimRequest, SimTool } from './answers';
import type { JsonSchema } from './json-schema';

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Text of a message's content: a string, or the text of its text parts. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

/** The schema to answer in when a request asks for JSON without giving one. */
export const ANY_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
};

export interface SseWriter {
  send(data: unknown, event?: string): void;
  raw(text: string): void;
  end(): void;
}

export function sse(res: Response): SseWriter {
  res.status(200);
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-cache');
  res.setHeader('connection', 'keep-alive');
  res.flushHeaders();
  return {
    send: (data, event) => {
      res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    raw: (text) => {
      res.write(text);
    },
    end: () => {
      res.end();
    },
  };
}

/** An id that is the same for the same request. */
export const simId = (prefix: string, seed: number, n = 0) =>
  `${prefix}${seed.toString(36)}${n ? `_${n}` : ''}`;

/** A fixed clock so identical requests give identical answers. */
export const SIM_CREATED_AT = Math.floor(Date.UTC(2026, 0, 1) / 1000);

/** A tool as a request declares it: its name, its description when given, its JSON Schema parameters. */
export function simTool(declaration: Record<string, unknown>, parameters: unknown): SimTool {
  return {
    name: String(declaration.name),
    ...(typeof declaration.description === 'string'
      ? { description: declaration.description }
      : {}),
    schema: isRecord(parameters) ? parameters : {},
  };
}

/** A parsed request, leaving out the structured-output schema and the forced tool when it has none. */
export function simRequest(
  parts: Omit<SimRequest, 'schema' | 'forcedTool'> & {
    schema: JsonSchema | undefined;
    forcedTool: string | true | undefined;
  },
): SimRequest {
  const { schema, forcedTool, ...rest } = parts;
  return {
    ...rest,
    ...(schema ? { schema } : {}),
    ...(forcedTool !== undefined ? { forcedTool } : {}),
  };
}
