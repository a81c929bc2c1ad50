/**
 * Auth.js at /api/auth. ExpressAuth's adaptation (an Express request in, Auth.js's web Response out),
 * plus the one answer ExpressAuth cannot give: when Auth.js's adapter could not reach the database,
 * Auth.js answers as if sign-in had failed (its error page, an empty session). That answer becomes a
 * 503 with a retry hint and the plain message tRPC gives in the same case.
 */
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  Router,
} from 'express';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { isDatabaseUnavailable } from '~/server/db/errors';
import { type Logger, requestLogger } from '~/server/log';
import { DATABASE_RETRY_AFTER_S } from '~/server/trpc/trpc';
import type { Auth } from './auth';

/** Auth.js's forms (sign-in, sign-out, the callback's form_post) are a few hundred bytes. */
const MAX_BODY = '64kb';

/** What a browser sees when it navigated here (a sign-in, a callback) during an outage. */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${APP_MESSAGES.unavailable}</title></head>
<body><h1>${APP_MESSAGES.unavailable}</h1><p>${APP_MESSAGES.databaseUnavailable}</p><p><a href="/app/">Back to Beacon</a></p></body></html>
`;

/**
 * `publicUrl` (PUBLIC_URL) is the origin Auth.js builds every URL on (callbacks, redirects); unset
 * (development), the address this server answered on. Never the request's Host or X-Forwarded-Host:
 * those are the client's to choose (docs/security.md, rule 9).
 */
export function authRoutes(auth: Auth, logger: Logger, publicUrl?: string): Router {
  const router = Router();
  // As ExpressAuth does: a malformed body is refused here (400), a well-formed one re-encoded for Auth.js.
  router.use(
    express.json({ limit: MAX_BODY }),
    express.urlencoded({ extended: false, limit: MAX_BODY }),
  );
  router.use(async (req, res, next) => {
    try {
      const { response, adapterError } = await auth.handle(toWebRequest(req, publicUrl));
      if (adapterError !== undefined && isDatabaseUnavailable(adapterError)) {
        requestLogger(req, logger).warn({ err: adapterError }, 'database unavailable');
        sendUnavailable(req, res);
        return;
      }
      await sendWebResponse(response, res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

function toWebRequest(req: ExpressRequest, publicUrl: string | undefined): Request {
  const origin = new URL(publicUrl ?? localOrigin(req));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  // Auth.js reads the origin from these headers (trustHost): they say the public origin, not the client's.
  headers.set('host', origin.host);
  headers.set('x-forwarded-proto', origin.protocol.slice(0, -1));
  headers.delete('x-forwarded-host');
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : encodedBody(req);
  return new Request(`${origin.origin}${req.originalUrl}`, {
    method: req.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

/** The address and port this server answered on (what PUBLIC_URL defaults to). */
function localOrigin(req: ExpressRequest): string {
  const { localAddress, localPort } = req.socket;
  const host = localAddress?.includes(':') ? `[${localAddress}]` : (localAddress ?? '127.0.0.1');
  return `http://${host}:${localPort ?? 80}`;
}

/** The parsed form or JSON body, encoded again as its content type says (Auth.js parses it itself). */
function encodedBody(req: ExpressRequest): string | undefined {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object') return undefined;
  if (req.is('application/json')) return JSON.stringify(body);
  if (req.is('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(body as Record<string, string | string[]>)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    return form.toString();
  }
  return undefined;
}

async function sendWebResponse(response: Response, res: ExpressResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.status(response.status).end(body);
}

function sendUnavailable(req: ExpressRequest, res: ExpressResponse): void {
  res
    .status(503)
    .set({ 'retry-after': String(DATABASE_RETRY_AFTER_S), 'cache-control': 'no-store' });
  if (req.accepts(['json', 'html']) === 'html') res.type('html').send(UNAVAILABLE_PAGE);
  else res.json({ error: { message: APP_MESSAGES.databaseUnavailable } });
}
