/**
 * The HTTP hardening in one place: helmet with a Content-Security-Policy that names only the third
 * parties the browser talks to (the scheduling embed, error reporting; ADR 0010), rate limits on
 * sign-in, the JSON-only rule for tRPC mutations, and the last error handler (no stack traces
 * outside development; user mistakes are 4xx, never 500).
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import helmet from 'helmet';
import { type Logger, requestLogger } from '~/server/log';

/** Cal.com embeds the demo-booking widget (the Onboarding needed gate's button). */
export const CAL_ORIGINS = ['https://app.cal.com', 'https://cal.com'];
/** Sentry's ingest hosts (error reporting). */
export const SENTRY_ORIGINS = [
  'https://*.ingest.sentry.io',
  'https://*.ingest.us.sentry.io',
  'https://*.ingest.de.sentry.io',
];

/** Strict-Transport-Security behind HTTPS, for pages and API answers alike: 180 days. */
const HSTS_MAX_AGE_S = 15_552_000;

export interface SecurityOptions {
  /** The public origin, e.g. https://beacon.example.com; used for the WebSocket source and HTTPS upgrades. */
  publicUrl: string | undefined;
  /**
   * Origins a sign-in form may be redirected to (the identity providers). Chromium applies
   * form-action to the redirects that follow a form post, so the providers must be named.
   */
  signInOrigins: string[];
  /** Where images may come from besides the app itself: the favicon service's origin, if configured. */
  imageOrigins?: string[];
  /** Where the client may send requests besides the app: its analytics endpoint's and Sentry DSN's origins. */
  connectOrigins?: string[];
}

/**
 * The origin of an absolute http(s) URL from the client build's environment (a Sentry DSN's key is
 * dropped with the rest of the URL), or null when unset, relative (same origin) or not http(s).
 */
export function httpOrigin(url: string | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    const parsed = new URL(url.trim());
    return ['http:', 'https:'].includes(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin images come from for a favicon-service template (VITE_FAVICON_SERVICE_URL, `{domain}`
 * replaced by the app), e.g. `https://icons.example.com/{domain}.ico` → `https://icons.example.com`.
 * Null when unset or not an http(s) URL with a fixed host (a host built from `{domain}` cannot be named).
 */
export function faviconServiceOrigin(template: string | undefined): string | null {
  if (!template?.trim()) return null;
  try {
    const url = new URL(template.trim().replaceAll('{domain}', 'example.com'));
    const fixedHost =
      new URL(template.trim().replaceAll('{domain}', 'example.org')).host === url.host;
    if (!['http:', 'https:'].includes(url.protocol) || !fixedHost) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const https = options.publicUrl?.startsWith('https://') ?? false;
  const wsOrigin = options.publicUrl ? options.publicUrl.replace(/^http/, 'ws') : null;
  return precomputed(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...CAL_ORIGINS],
          // React and Radix set style attributes; Cal.com's embed injects a style element.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Fonts are self-hosted (@fontsource).
          fontSrc: ["'self'", 'data:'],
          // The app's own images, inline ones, and the favicon service's org logos (when configured).
          // A theme-designer logo from elsewhere does not load in the preview (its alt text shows).
          imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
          connectSrc: [
            "'self'",
            ...(wsOrigin ? [wsOrigin] : []),
            ...SENTRY_ORIGINS,
            ...CAL_ORIGINS,
            ...(options.connectOrigins ?? []),
          ],
          frameSrc: CAL_ORIGINS,
          // Sentry's session replay compresses in a blob worker.
          workerSrc: ["'self'", 'blob:'],
          formAction: ["'self'", ...options.signInOrigins],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Cal.com's iframe does not send CORP headers; COEP would block it.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
}

/**
 * The headers for API answers (tRPC's JSON): nothing in them may run, frame or be sniffed, and nothing
 * user-specific may be stored by a cache. The page policy above is for documents; a JSON answer opened
 * as a document gets `default-src 'none'`, which is stricter, and the dozen page headers would only be
 * bytes to write on every call.
 */
export function apiSecurityHeaders(options: { publicUrl: string | undefined }): RequestHandler {
  const https = options.publicUrl?.startsWith('https://') ?? false;
  const headers: [string, string][] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cache-Control', 'no-store'],
    ...(https
      ? [
          ['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * Helmet's headers here depend on nothing in the request, so they are worked out once at start and
 * copied onto each response, instead of a dozen middleware steps rebuilding them per request.
 */
function precomputed(middleware: RequestHandler): RequestHandler {
  const headers: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, value]);
    },
    removeHeader: (name: string) => {
      removed.push(name);
    },
  };
  let called = false;
  void middleware({} as Request, recorder as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error('The security headers middleware must not depend on the request.');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * Runs request handlers in order as one router step (plain checks, then the handler that answers): each
 * step Express takes (path match, URL parse, prefix trim) is paid on every request of the busiest path.
 */
export function inOneStep(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        void handler(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/**
 * Sign-in and its callback: generous for people, tight for scripts. With a `store` (the shared PostgreSQL
 * counter) the limit holds across every process; without, each process counts alone (PGlite: one process).
 * A store that cannot answer (the database is down) lets the request through: sign-in fails then anyway.
 */
/** Sign-in attempts a minute per address (RATE_LIMIT_SIGN_IN): sign-in and its callback each count. */
export const DEFAULT_SIGN_IN_LIMIT = 30;

export function signInRateLimit(
  options: { windowMs?: number; limit?: number; store?: Store } = {},
): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs ?? 60_000,
    limit: options.limit ?? DEFAULT_SIGN_IN_LIMIT,
    ...(options.store ? { store: options.store, passOnStoreError: true } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { error: 'Too many sign-in attempts. Wait a minute and try again.' },
  });
}

/** tRPC's JSON-RPC codes for the two refusals made before tRPC runs. */
const TRPC_CODES = {
  METHOD_NOT_SUPPORTED: { jsonrpc: -32005, http: 405 },
  UNSUPPORTED_MEDIA_TYPE: { jsonrpc: -32415, http: 415 },
  PAYLOAD_TOO_LARGE: { jsonrpc: -32413, http: 413 },
} as const;

/** A body shaped like tRPC's own error (superjson-wrapped), so clients read it the same way. */
export function trpcErrorBody(code: keyof typeof TRPC_CODES, message: string, path?: string) {
  return {
    error: {
      json: {
        message,
        code: TRPC_CODES[code].jsonrpc,
        data: { code, httpStatus: TRPC_CODES[code].http, ...(path ? { path } : {}) },
      },
    },
  };
}

/**
 * Mutations only as POST with `content-type: application/json`: a cross-site HTML form can send only
 * form encodings or text/plain, so it can never fire a mutation.
 */
export function jsonOnlyMutations(maxBodyBytes: number): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    if (req.method !== 'POST') {
      res
        .status(405)
        .set('allow', 'GET, POST')
        .json(trpcErrorBody('METHOD_NOT_SUPPORTED', `Method ${req.method} is not supported.`));
      return;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      res
        .status(415)
        .json(
          trpcErrorBody('UNSUPPORTED_MEDIA_TYPE', 'Mutations must be sent as application/json.'),
        );
      return;
    }
    // Refuse a declared oversized body before reading it (tRPC's own limit covers chunked bodies).
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
      res
        .status(413)
        .set('connection', 'close')
        .json(trpcErrorBody('PAYLOAD_TOO_LARGE', 'Request body too large.'));
      return;
    }
    next();
  };
}

function mentionsAny(text: string, names: ReadonlySet<string>): boolean {
  for (const name of names) if (text.includes(name)) return true;
  return false;
}

/**
 * Subscriptions are served over WebSocket at /ws only. Over HTTP, tRPC would answer one with a 200
 * event stream (even for an error); refuse it plainly instead, before tRPC runs. The names are read as
 * tRPC's Express adapter reads them: the last segment of the path (`/trpc/x/a.b` calls `a.b`), decoded.
 */
export function subscriptionsOnlyOverWs(subscriptionPaths: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    // Most calls name no subscription: the raw path then contains none of their names (nor an escape
    // that could spell one), and the request goes on without the path being parsed or decoded.
    const url = req.url;
    const query = url.indexOf('?');
    const rawPath = query === -1 ? url : url.slice(0, query);
    if (!rawPath.includes('%') && !mentionsAny(rawPath, subscriptionPaths)) return next();
    const path = req.path;
    let names: string[];
    try {
      names = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)).split(',');
    } catch {
      // tRPC refuses a path it cannot decode (BAD_REQUEST) before it looks anything up.
      return next();
    }
    if (!names.some((name) => subscriptionPaths.has(name))) return next();
    res
      .status(405)
      .set('allow', '')
      .json(
        trpcErrorBody(
          'METHOD_NOT_SUPPORTED',
          'Subscriptions are served over WebSocket at /ws.',
          names.length === 1 ? names[0] : undefined,
        ),
      );
  };
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
  stack?: string;
}

/** The last handler: 4xx errors keep a safe message; anything else is a bare 500 and a log line. */
export function errorHandler(options: {
  logger: Logger;
  exposeStack: boolean;
}): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const e = (err ?? {}) as HttpishError;
    const status = e.status ?? e.statusCode ?? 500;
    const clientError = status >= 400 && status < 500;
    const log = requestLogger(req, options.logger);
    if (clientError) log.warn({ status, type: e.type }, 'request refused');
    else log.error({ err }, 'unhandled error');
    const message = clientError
      ? e.expose && e.message
        ? e.message
        : 'Bad request.'
      : 'Internal server error.';
    const requestId = (req as { id?: unknown }).id;
    res.status(clientError ? status : 500).json({
      error: {
        message,
        // A report of a failure names it, so the log line can be found.
        ...(!clientError && typeof requestId === 'string' ? { requestId } : {}),
        ...(options.exposeStack && e.stack ? { stack: e.stack } : {}),
      },
    });
  };
}
