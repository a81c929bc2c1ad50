/**
 * The Express 5 application: `/` → `/app/`, `/healthz` and `/readyz`, Auth.js at `/api/auth`, tRPC at `/trpc`, the built
 * app at `/app/`. `createServer` adds the HTTP server and tRPC subscriptions at `/ws` on it.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyTRPCProcedure } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type Express } from 'express';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/routes';
import {
  apiSecurityHeaders,
  errorHandler,
  inOneStep,
  jsonOnlyMutations,
  securityHeaders,
  signInRateLimit,
  subscriptionsOnlyOverWs,
} from './http/security';
import { appStatic } from './http/static';
import { attachWebSockets } from './http/ws';
import { createHttpLogger, type Logger, requestLogger } from './log';
import { countTrpcRequest, serveMetrics, type TrpcMetricsRequest } from './http/metrics';
import { EXPORTS_PATH, exportRoutes } from './orgs/export-route';
import { APP_DIR } from './paths';
import { type RateCounter, sharedRateLimitStore } from './rate-limits';
import type { BeaconServices, Services } from './services';
import type { Context } from './trpc/context';
import { RateLimitError } from './trpc/limits';
import { trpcExpressHandler } from './trpc/express-handler';
import { appRouter } from './trpc/router';
import { DATABASE_RETRY_AFTER_S, isUnavailableError } from './trpc/trpc';

export const DEFAULT_APP_DIR = APP_DIR;
/** tRPC request bodies (mutations and batches); every input the router accepts is far smaller. */
export const TRPC_MAX_BODY_BYTES = 100 * 1024;
/** Calls in one batch; the app's batch link sends far fewer (a page batches two to four). */
export const TRPC_MAX_BATCH_SIZE = 50;

const SUBSCRIPTION_PATHS = new Set(
  Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>)
    .filter(([, procedure]) => procedure._def.type === 'subscription')
    .map(([path]) => path),
);

export interface AppDeps {
  config: {
    publicUrl: string | undefined;
    isDevelopment: boolean;
    trustProxy: boolean;
    /** `/metrics` answers only with this bearer token when set; production without one serves none. */
    metricsToken?: string | undefined;
    isProduction?: boolean;
  };
  services: Services;
  auth: Auth;
  logger: Logger;
  /** Where the built app lives (default dist/app). */
  appDir?: string;
  /** Origins the sign-in form may be redirected to: the identity providers' issuers. */
  signInOrigins?: string[];
  /** Extra image origins for the CSP (the favicon service's). */
  imageOrigins?: string[];
  /** Extra connect origins for the CSP (the client's analytics endpoint and Sentry DSN). */
  connectOrigins?: string[];
  signInRateLimit?: { windowMs?: number; limit?: number };
  /** The rate-limit counter every process shares (PostgreSQL); absent, limits are counted per process. */
  rateCounter?: RateCounter;
}

export function createApp(deps: AppDeps): Express {
  const { auth, services, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(createHttpLogger(logger));
  // ── tRPC over HTTP ─────────────────────────────────────────────────────────────────────────────
  // First after the request log: the app's busiest path meets no other route on its way, and its checks
  // and tRPC's handler are one router step.
  app.use(
    '/trpc',
    inOneStep(
      countTrpcRequest,
      apiSecurityHeaders({ publicUrl: deps.config.publicUrl }),
      subscriptionsOnlyOverWs(SUBSCRIPTION_PATHS),
      jsonOnlyMutations(TRPC_MAX_BODY_BYTES),
      trpcExpressHandler({
        router: appRouter,
        maxBodySize: TRPC_MAX_BODY_BYTES,
        maxBatchSize: TRPC_MAX_BATCH_SIZE,
        async createContext({ req }): Promise<Context> {
          return {
            user: await auth.resolveUser(req),
            services,
            requestId: String((req as { id?: unknown }).id ?? ''),
            isDevelopment: deps.config.isDevelopment,
          };
        },
        // The database's outage: every such answer tells the client when to try again. A batch
        // whose calls were partly served (from a cache) is still a 503, not tRPC's mixed 207: the
        // process cannot serve, and a load balancer or client reads the status, not each call.
        responseMeta: ({ errors }) => {
          if (errors.length === 0) return {};
          if (errors.some(isUnavailableError))
            return { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) } };
          // A call over its limit says when its window ends (docs/security.md, rule 6).
          const limited = errors.find((e) => e.cause instanceof RateLimitError)?.cause;
          return limited instanceof RateLimitError
            ? {
                headers: {
                  'retry-after': String(Math.max(1, Math.ceil(limited.retryAfterSeconds))),
                },
              }
            : {};
        },
        onError({ error, path: procedure, req }) {
          // Each failed call of a batch with its own status, for /metrics (countTrpcRequest).
          if (procedure)
            (req as TrpcMetricsRequest).trpcStatuses?.set(
              procedure,
              getHTTPStatusCodeFromError(error),
            );
          if (error.code !== 'INTERNAL_SERVER_ERROR') return;
          const log = requestLogger(req, logger);
          if (isUnavailableError(error)) {
            log.warn({ err: error.cause ?? error, procedure }, 'database unavailable');
            return;
          }
          log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
        },
      }),
    ),
  );

  app.use(
    securityHeaders({
      publicUrl: deps.config.publicUrl,
      signInOrigins: deps.signInOrigins ?? [],
      imageOrigins: deps.imageOrigins ?? [],
      connectOrigins: deps.connectOrigins ?? [],
    }),
  );

  app.get('/', (_req, res) => res.redirect(302, '/app/'));
  // Liveness: the process answers. Readiness: it can serve requests (its database answers); a load
  // balancer sends traffic only to a ready process.
  app.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  app.get(
    '/metrics',
    serveMetrics({
      token: deps.config.metricsToken,
      isProduction: deps.config.isProduction ?? false,
    }),
  );
  app.get('/readyz', async (_req, res) => {
    res.set('cache-control', 'no-store');
    if (await services.system.databaseReady()) {
      res.json({ status: 'ok' });
    } else {
      res
        .status(503)
        .set('retry-after', String(DATABASE_RETRY_AFTER_S))
        .json({ status: 'unavailable', message: APP_MESSAGES.databaseUnavailable });
    }
  });

  // ── Sign-in (Auth.js) ──────────────────────────────────────────────────────────────────────────
  const limiter = signInRateLimit({
    ...deps.signInRateLimit,
    ...(deps.rateCounter ? { store: sharedRateLimitStore(deps.rateCounter, 'sign-in:') } : {}),
  });
  app.use(['/api/auth/signin', '/api/auth/callback'], limiter);
  app.post('/api/auth/signout', (req, res, next) => {
    auth.forget(req);
    res.on('finish', () => auth.forget(req));
    next();
  });
  app.use('/api/auth', authRoutes(auth, logger, deps.config.publicUrl));

  // ── Org exports' archives (settings → Organization → Export data) ──────────────────────────────
  app.use(EXPORTS_PATH, exportRoutes({ auth, services }));

  // ── The app ────────────────────────────────────────────────────────────────────────────────────
  app.use('/app', appStatic(deps.appDir ?? DEFAULT_APP_DIR));

  app.use((_req, res) => {
    res.status(404).json({ error: { message: 'Not Found' } });
  });
  app.use(errorHandler({ logger, exposeStack: deps.config.isDevelopment }));
  return app;
}

export interface RunningServer {
  server: Server;
  app: Express;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP server (port 0 picks a free one) with the app and /ws on it. */
export async function createServer(
  deps: AppDeps & {
    /** The access service's changes close sockets (server/http/ws.ts). */
    services: BeaconServices;
    host: string;
    port: number;
    allowedWsOrigins?: string[];
    /** How often each open socket's session is looked up again (default: ws.ts's SESSION_RECHECK_MS). */
    wsSessionRecheckMs?: number;
  },
): Promise<RunningServer> {
  const app = createApp(deps);
  const server = createHttpServer(app);
  // Slow-loris and idle-socket hygiene; tRPC requests are short.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  // Sessions the account service ended (sign out everywhere, a deleted account): the session caches
  // forget them and their sockets close, here and (through Auth) in every other process.
  const stopSessionEnds = deps.services.account.onSessionsEnded((tokens) =>
    deps.auth.endSessions(tokens),
  );
  const sockets = attachWebSockets(server, {
    services: deps.services,
    auth: deps.auth,
    logger: deps.logger,
    allowedOrigins: deps.allowedWsOrigins ?? [],
    isDevelopment: deps.config.isDevelopment,
    ...(deps.wsSessionRecheckMs === undefined ? {} : { sessionRecheckMs: deps.wsSessionRecheckMs }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = deps.host.includes(':') ? `[${deps.host}]` : deps.host;
  return {
    server,
    app,
    port,
    url: `http://${host}:${port}`,
    async close() {
      stopSessionEnds();
      await sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Give in-flight requests a moment, then cut the rest.
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
    },
  };
}
