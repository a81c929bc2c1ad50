/**
 * Which failures are worth another try. A passing fault (rate limit, the other side's 5xx, a network
 * drop, a timeout) is retried with backoff; anything else (401/403, a payload that fails its schema,
 * a domain rule) fails the run at once, since trying again would fail the same way.
 */

/** Thrown (or wrapped) by a job to say "try again later"; `retryAfterSeconds` when the other side said. */
export class TransientError extends Error {
  override readonly name = 'TransientError';
  constructor(
    message: string,
    readonly options: { cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
  }
}

/** Thrown by a job to say "this cannot succeed": no retry whatever the cause looks like. */
export class PermanentError extends Error {
  override readonly name = 'PermanentError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}

/** Node's and undici's codes for a connection that failed or dropped. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

/** An HTTP status carried by the error, as SDKs spell it (`status`, `statusCode`). */
function httpStatus(error: unknown): number | undefined {
  const status = field(error, 'status') ?? field(error, 'statusCode');
  return typeof status === 'number' ? status : undefined;
}

/** True when another try may succeed; walks `cause` so a wrapped fault keeps its nature. */
export function isTransient(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof PermanentError) return false;
    if (e instanceof TransientError) return true;
    // Errors that already know: the AI service's AiError (`retryable`), the AI SDK's APICallError
    // (`isRetryable`).
    const retryable = field(e, 'retryable') ?? field(e, 'isRetryable');
    if (typeof retryable === 'boolean') return retryable;
    const status = httpStatus(e);
    if (status !== undefined) return status === 408 || status === 429 || status >= 500;
    const code = field(e, 'code');
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    const name = field(e, 'name');
    if (name === 'TimeoutError') return true;
    // fetch rejects with a bare TypeError('fetch failed') whose cause says what the network did.
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    e = field(e, 'cause');
  }
  return false;
}

/** The words stored on a failed run: the error's own message, without stack or internals. */
export function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 500 ? `${message.slice(0, 497)}...` : message;
}
