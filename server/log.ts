/** Structured logs (pino): one logger for the process, request ids, and secrets redacted wherever they appear. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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
  'config.authSecret',
  'config.secretKey',
];

export function createLogger(
  options: { level: string; destination?: DestinationStream } = { level: 'info' },
) {
  const settings = {
    level: options.level,
    base: { service: 'beacon' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Request logging with an id per request (a sane incoming x-request-id is kept, so a proxy's id follows through). */
export function createHttpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    // Query strings can carry tRPC inputs (and Auth.js callback codes): log only the path.
    serializers: {
      req(req: { id: unknown; method: string; url: string }) {
        return { id: req.id, method: req.method, path: req.url.split('?')[0] };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' },
  });
}
