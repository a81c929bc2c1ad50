/** Maps what the AI SDK throws to Beacon's typed AI failures (domain/ai/errors.ts). */
import {
  APICallError,
  JSONParseError,
  NoObjectGeneratedError,
  RetryError,
  TypeValidationError,
} from 'ai';
import { AiError, type AiErrorReason } from '~/domain/ai/errors';
import type { AiEngine } from '~/domain/ai/models';

/** retry-after is seconds or an HTTP date; retry-after-ms (OpenAI, Anthropic) is more precise. */
export function retryAfterSeconds(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = Number(lower['retry-after-ms']);
  if (lower['retry-after-ms'] && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const value = lower['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function reasonForStatus(status: number): AiErrorReason | null {
  if (status === 429) return 'rate_limited';
  // 529 is Anthropic's "overloaded"; the others answer 503 when out of capacity.
  if (status === 529 || status === 503) return 'overloaded';
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return null;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || /timed? ?out/i.test(error.message));

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

function networkCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e instanceof Error; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    e = e.cause;
  }
  return undefined;
}

/**
 * The typed failure for an error from an AI call, or null when it is not one (a bug in our request,
 * the caller's own abort): those are rethrown as they are.
 */
export function toAiError(error: unknown, provider: AiEngine): AiError | null {
  if (error instanceof AiError) return error;
  if (RetryError.isInstance(error)) return toAiError(error.lastError, provider);
  if (NoObjectGeneratedError.isInstance(error)) {
    const reason = TypeValidationError.isInstance(error.cause)
      ? 'schema_mismatch'
      : 'malformed_output';
    return new AiError(reason, { provider, cause: error });
  }
  if (TypeValidationError.isInstance(error))
    return new AiError('schema_mismatch', { provider, cause: error });
  if (JSONParseError.isInstance(error))
    return new AiError('malformed_output', { provider, cause: error });
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const fromStatus = status !== undefined ? reasonForStatus(status) : null;
    if (fromStatus) {
      const after = retryAfterSeconds(error.responseHeaders);
      return new AiError(fromStatus, {
        provider,
        status,
        cause: error,
        ...(after !== undefined ? { retryAfterSeconds: after } : {}),
      });
    }
    // A 2xx whose body could not be parsed: the provider's answer was broken.
    if (status === undefined || (status >= 200 && status < 300)) {
      if (isTimeout(error.cause)) return new AiError('timeout', { provider, cause: error });
      if (networkCode(error)) return new AiError('unreachable', { provider, cause: error });
      return new AiError('malformed_output', {
        provider,
        ...(status ? { status } : {}),
        cause: error,
      });
    }
    return null;
  }
  if (isTimeout(error)) return new AiError('timeout', { provider, cause: error });
  if (networkCode(error)) return new AiError('unreachable', { provider, cause: error });
  return null;
}
