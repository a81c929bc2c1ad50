/**
 * The one HTTP helper every B2C client uses: allowlist check, per-call timeout, retries with
 * exponential backoff for idempotent calls on network errors and 5xx, and errors typed by cause.
 * A 429 on a call that is not repeated is B2CUnavailableError (try again later); on an idempotent
 * call it stays B2CRequestError with status 429, which the catalogue sync waits out itself.
 * Where a service sends X-RateLimit-* (Account Manager documents them; OCAPI does not: ADR 0046), a
 * window with no requests left holds the next call to that origin until the window resets.
 */
import { AM_RATE_LIMIT_HEADERS } from '~/domain/instances/account-manager';
import { faultSchema } from '~/domain/instances/ocapi';
import {
  B2CAuthError,
  type B2CCallContext,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
  B2CUnavailableError,
} from './errors';
import { instanceCallOutcome, metrics } from '~/server/metrics';
import type { HostAllowlist } from './host-allowlist';

export interface HttpOptions {
  allowlist: HostAllowlist;
  fetch?: typeof fetch;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Extra attempts for idempotent calls. */
  retries?: number;
  /** First backoff delay; doubles each retry. */
  retryBaseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface HttpRequest {
  call: B2CCallContext;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON with a JSON content type. */
  json?: unknown;
  /** Sent as is; set the content type in headers. */
  body?: string;
  /** Safe to repeat; defaults to true for GET, HEAD, PUT, DELETE, PROPFIND. */
  idempotent?: boolean;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

export const HTTP_DEFAULTS = { timeoutMs: 10_000, retries: 2, retryBaseMs: 250 } as const;
/**
 * The longest a spent rate-limit window holds a call: the documented limit is per minute, so a reset
 * further away than that is a clock out of step, not a window.
 */
export const RATE_LIMIT_MAX_WAIT_MS = 60_000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'PROPFIND', 'OPTIONS']);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** OCAPI's error body (`faultSchema`); other bodies (Account Manager's, WebDAV's) give nulls. */
function readFault(text: string): { type: string | null; message: string | null } {
  try {
    const parsed = faultSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return { type: null, message: null };
    return { type: parsed.data.fault.type, message: parsed.data.fault.message };
  } catch {
    return { type: null, message: null };
  }
}

/**
 * When a spent rate-limit window resets (epoch ms): `X-RateLimit-Remaining` 0 and `X-RateLimit-Reset`
 * a date-time; null when requests are left or the headers are absent or unreadable.
 */
function rateLimitedUntil(headers: Headers): number | null {
  const remaining = headers.get(AM_RATE_LIMIT_HEADERS.remaining)?.trim();
  if (remaining === undefined || !/^\d+$/.test(remaining) || Number(remaining) > 0) return null;
  const reset = Date.parse(headers.get(AM_RATE_LIMIT_HEADERS.reset) ?? '');
  return Number.isNaN(reset) ? null : reset;
}

/**
 * `Retry-After` in seconds (it is seconds or an HTTP date), else the end of a spent rate-limit
 * window; null when neither is there or readable.
 */
function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  const fromDate = (date: number) => Math.max(0, Math.ceil((date - now) / 1000));
  if (!value) {
    const until = rateLimitedUntil(headers);
    return until === null ? null : fromDate(until);
  }
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : fromDate(date);
}

function describe(call: B2CCallContext) {
  return `${call.api} ${call.method} ${call.resource}`;
}

export function createHttpClient(options: HttpOptions): HttpClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const retries = options.retries ?? HTTP_DEFAULTS.retries;
  const retryBaseMs = options.retryBaseMs ?? HTTP_DEFAULTS.retryBaseMs;
  const now = options.now ?? Date.now;
  /** Origin → when its spent rate-limit window resets. */
  const spentUntil = new Map<string, number>();
  const waitForWindow = async (origin: string) => {
    const until = spentUntil.get(origin);
    if (until === undefined) return;
    spentUntil.delete(origin);
    const wait = Math.min(until - now(), RATE_LIMIT_MAX_WAIT_MS);
    if (wait > 0) await sleep(wait);
  };

  return async function request(req) {
    const url = options.allowlist.assertAllowedUrl(req.url);
    const { origin } = url;
    const method = req.call.method.toUpperCase();
    const idempotent = req.idempotent ?? IDEMPOTENT.has(method);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let body = req.body;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    }
    const attempts = idempotent ? retries + 1 : 1;

    let lastError: B2CUnavailableError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      await waitForWindow(origin);
      let status: number;
      let text: string;
      let responseHeaders: Headers;
      try {
        const response = await doFetch(url, {
          method,
          headers,
          body,
          // A redirect could lead off the allowlist; Salesforce APIs do not redirect.
          redirect: 'manual',
          signal: AbortSignal.timeout(
            req.timeoutMs ?? options.timeoutMs ?? HTTP_DEFAULTS.timeoutMs,
          ),
        });
        status = response.status;
        responseHeaders = response.headers;
        const until = rateLimitedUntil(responseHeaders);
        if (until !== null) spentUntil.set(origin, until);
        text = await response.text();
        metrics.instanceCall(req.call.api, instanceCallOutcome(status));
      } catch (cause) {
        const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
        metrics.instanceCall(req.call.api, timedOut ? 'timeout' : 'network');
        lastError = new B2CUnavailableError(
          `${describe(req.call)}: ${timedOut ? 'timed out' : 'network error'}`,
          req.call,
          null,
          { cause },
        );
        continue;
      }

      if (status >= 200 && status < 300) return { status, headers: responseHeaders, text };
      if (status >= 500) {
        lastError = new B2CUnavailableError(
          `${describe(req.call)}: HTTP ${status}`,
          req.call,
          status,
          { retryAfterSeconds: retryAfterSeconds(responseHeaders, now()) },
        );
        continue;
      }
      // Rate limited: a write was refused, not applied, so the caller may send it again later.
      if (status === 429 && !idempotent) {
        throw new B2CUnavailableError(
          `${describe(req.call)}: HTTP 429 (rate limited)`,
          req.call,
          status,
          { retryAfterSeconds: retryAfterSeconds(responseHeaders, now()) },
        );
      }
      if (status === 401) throw new B2CAuthError(`${describe(req.call)}: unauthorized`, req.call);
      if (status === 403) {
        const fault = readFault(text);
        throw new B2CPermissionError(
          `${describe(req.call)}: forbidden${fault.message ? ` (${fault.message})` : ''}`,
          req.call,
          fault.type,
          fault.message,
        );
      }
      if (status === 404) throw new B2CNotFoundError(`${describe(req.call)}: not found`, req.call);
      if (status >= 300 && status < 400) {
        throw new B2CUnavailableError(
          `${describe(req.call)}: unexpected redirect`,
          req.call,
          status,
        );
      }
      const fault = readFault(text);
      throw new B2CRequestError(
        `${describe(req.call)}: HTTP ${status}${fault.message ? ` (${fault.message})` : ''}`,
        req.call,
        status,
        fault.type,
        fault.message,
      );
    }
    throw lastError ?? new B2CUnavailableError(`${describe(req.call)}: no attempt`, req.call, null);
  };
}

/** Parses a JSON body with a zod-like schema; an unusable body is the service's fault. */
export function parseBody<T>(
  response: HttpResponse,
  call: B2CCallContext,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): T {
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    throw new B2CUnavailableError(`${describe(call)}: response is not JSON`, call, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new B2CUnavailableError(
      `${describe(call)}: unexpected response shape`,
      call,
      response.status,
    );
  }
  return parsed.data;
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
