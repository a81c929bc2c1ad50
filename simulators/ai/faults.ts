/** Faults the AI simulator injects on request, and how each vendor reports them on the wire. */
import type { AiVendor } from './answers';

export const AI_FAULT_KINDS = [
  'rate_limit',
  'overloaded',
  'server_error',
  'timeout',
  'malformed_json',
  'schema_mismatch',
  'auth',
] as const;
export type AiFaultKind = (typeof AI_FAULT_KINDS)[number];

/** Names a fault for one request: `x-ai-sim-fault: rate_limit`. */
export const FAULT_HEADER = 'x-ai-sim-fault';

export interface AiFaultRule {
  kind: AiFaultKind;
  /** Only this vendor's requests; all vendors when absent. */
  vendor?: AiVendor;
  /** Apply this many times, then remove itself; once when absent, forever when 0. */
  times?: number;
  /** The retry-after a rate limit answers with (seconds); 2 when absent. */
  retryAfterSeconds?: number;
}

export interface HttpFault {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The error answer a vendor gives for a fault that is an HTTP error, or null for the others. */
export function httpFault(vendor: AiVendor, rule: AiFaultRule): HttpFault | null {
  const retryAfter = String(rule.retryAfterSeconds ?? 2);
  const spec: Record<
    'rate_limit' | 'overloaded' | 'server_error' | 'auth',
    { status: number; message: string; openai: string; anthropic: string; google: string }
  > = {
    rate_limit: {
      status: 429,
      message: 'Rate limit reached for requests (simulated).',
      openai: 'rate_limit_exceeded',
      anthropic: 'rate_limit_error',
      google: 'RESOURCE_EXHAUSTED',
    },
    overloaded: {
      // Anthropic has its own status for this; the others say 503.
      status: vendor === 'anthropic' ? 529 : 503,
      message: 'The model is overloaded. Please try again later (simulated).',
      openai: 'server_overloaded',
      anthropic: 'overloaded_error',
      google: 'UNAVAILABLE',
    },
    server_error: {
      status: 500,
      message: 'The server had an error while processing your request (simulated).',
      openai: 'server_error',
      anthropic: 'api_error',
      google: 'INTERNAL',
    },
    auth: {
      status: 401,
      message: 'Incorrect API key provided (simulated).',
      openai: 'invalid_api_key',
      anthropic: 'authentication_error',
      google: 'UNAUTHENTICATED',
    },
  };
  if (!(rule.kind in spec)) return null;
  const s = spec[rule.kind as keyof typeof spec];
  const headers: Record<string, string> =
    rule.kind === 'rate_limit' ? { 'retry-after': retryAfter } : {};
  switch (vendor) {
    case 'openai':
      return {
        status: s.status,
        headers,
        body: {
          error: {
            message: s.message,
            type: s.status === 401 ? 'invalid_request_error' : s.openai,
            param: null,
            code: s.openai,
          },
        },
      };
    case 'anthropic':
      return {
        status: s.status,
        headers: { ...headers, 'request-id': 'req_sim' },
        body: {
          type: 'error',
          error: { type: s.anthropic, message: s.message },
          request_id: 'req_sim',
        },
      };
    case 'google':
      return {
        status: s.status,
        headers,
        body: { error: { code: s.status, message: s.message, status: s.google } },
      };
    case 'perplexity':
      // Perplexity's errors are OpenAI-like, with the HTTP status as a number for `code`.
      return {
        status: s.status,
        headers,
        body: { error: { message: s.message, type: s.openai, code: s.status } },
      };
  }
}
