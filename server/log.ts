/** Structured logs (pino): one logger for the process, request ids, and secrets redacted wherever they appear. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DestinationStream, type Logger, pino } from 'pino';
import { redactInvitationTokens } from '~/domain/members/invitations';

export type { Logger };

/** Paths pino must never print: cookies, authorization, and anything that looks like a secret or token. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.secret',
  '*.clientSecret',
  '*.client_secret',
  '*.token',
  '*.sessionToken',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.idToken',
  '*.id_token',
  '*.csrfToken',
  '*.authSecret',
  '*.secretKey',
  '*.secretKeys',
  'config.authSecret',
  'config.secretKey',
  'config.secretKeys',
];

const CENSOR = '[redacted]';
/** The key a path ends in: `req.headers["x-csrf-token"]` → `x-csrf-token`, `*.token` → `token`. */
const lastKey = (path: string) => path.replace(/^.*(?:\["([^"]+)"\]|\.([^.]+))$/, '$1$2');
/** Keys whose values are secret wherever they appear: the last key of every path above. */
export const SECRET_KEYS = new Set(REDACT_PATHS.map((p) => lastKey(p).toLowerCase()));
const MAX_DEPTH = 10;

/**
 * Blanks secret-named keys at any depth (pino's paths reach a fixed depth: `*.token` is one level).
 * Copy on write: the caller's objects are never changed, and a line without secrets is not copied.
 * Errors are left to pino's error serializer.
 */
export function censorSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (value instanceof Error || value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = censorSecrets(item, depth + 1);
      if (next !== item) (copy ??= [...value])[i] = next;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next =
      SECRET_KEYS.has(key.toLowerCase()) && item !== undefined && item !== null
        ? CENSOR
        : censorSecrets(item, depth + 1);
    if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return copy ?? value;
}

export function createLogger(
  options: { level: string; destination?: DestinationStream } = { level: 'info' },
) {
  const settings = {
    level: options.level,
    base: { service: 'beacon' },
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    // Every logged object (child bindings are not: pino formats only the root's; ours carry ids).
    formatters: {
      log: (object: Record<string, unknown>) => censorSecrets(object) as Record<string, unknown>,
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

type LoggedRequest = IncomingMessage & { id?: string };

/**
 * The logger for lines about one request: a child carrying its id (set by `createHttpLogger`), made only
 * when something logs, so the hot path builds no logger.
 */
export function requestLogger(req: IncomingMessage, logger: Logger): Logger {
  const id = (req as LoggedRequest).id;
  return typeof id === 'string' && id ? logger.child({ reqId: id }) : logger;
}

/**
 * Request logging with an id per request (a sane incoming x-request-id is kept, so a proxy's id follows
 * through). One line per finished request — method, path without the query (tRPC inputs and Auth.js
 * callback codes live there), status, time — at info, warn for 4xx, error for 5xx; below the configured
 * level no log object is built. Lines about the request go through `requestLogger(req, logger)`.
 * (Replaces pino-http, whose per-request child logger and serializers cost ~5% of a cached tRPC request;
 * a lazy `req.log` getter cost as much again, so there is none: see docs/decisions/0014-read-cache.md.)
 */
export function createHttpLogger(logger: Logger) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', id);
    req.id = id;
    const url = req.url ?? '';
    // Load balancers ask these every few seconds.
    if (url === '/healthz' || url === '/readyz' || url === '/metrics') return next();
    const started = performance.now();
    // 'close' follows 'finish' on every response, and comes alone when the client left first.
    res.once('close', () => {
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level = aborted || status >= 400 ? (status >= 500 ? 'error' : 'warn') : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          // An invitation's accept link is logged by its route: its token opens the org.
          req: { method: req.method, path: redactInvitationTokens(url.split('?')[0]!) },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
