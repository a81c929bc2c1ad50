/**
 * A real listening server for HTTP tests: PGlite in memory (migrated, seeded), the development IdP and
 * the app on ephemeral loopback ports, a tiny built app in a temp folder, and a fake B2C gateway.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevIdp } from '~/simulators/idp/dev-idp';
import { createServer, type RunningServer } from '~/server/app';
import type { Auth } from '~/server/auth/auth';
import { type Database, IN_MEMORY } from '~/server/db/client';
import { createNotifyBus, type NotifyBus } from '~/server/db/notify';
import { createInvalidations } from '~/server/invalidations';
import { developmentAuth, insertSession, seededDatabase } from '~/server/local-stack';
import { createLogger } from '~/server/log';
import type { Secrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { type CallLimitsConfig, createCallLimits } from '~/server/trpc/limits';

export const APP_INDEX_HTML = '<!doctype html><title>Beacon test app</title><div id="root"></div>';

export interface TestServer {
  url: string;
  database: Database;
  secrets: Secrets;
  auth: Auth;
  running: RunningServer;
  /** The services the server calls (per request): a test may replace a method to simulate a fault. */
  services: BeaconServices;
  /** A session cookie header for a user, written straight into the sessions table. */
  sessionCookieFor(userId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    signInRateLimit?: { limit: number };
    publicUrl?: string;
    /** Another process on the same database: this server opens none of its own (nor closes it). */
    sameDatabaseAs?: TestServer;
    /**
     * Its caches' invalidations travel on a LISTEN connection of its own (PGlite's, in process), as a
     * server among several does; otherwise they stay in this server.
     */
    listen?: boolean;
    wsSessionRecheckMs?: number;
    /** `BEACON_SUPERUSERS`, parsed. */
    superusers?: readonly string[];
    /** Call limits on tRPC, counted in this process (none by default). */
    callLimits?: CallLimitsConfig;
    /** `METRICS_TOKEN`, and whether the server runs as production (no token: no /metrics). */
    metricsToken?: string;
    isProduction?: boolean;
  } = {},
): Promise<TestServer> {
  const shared = options.sameDatabaseAs;
  const { database, secrets } = shared ?? (await seededDatabase({ dataDir: IN_MEMORY }));
  let bus: NotifyBus | undefined;
  if (options.listen) {
    bus = createNotifyBus(database);
    await bus.ready();
  }
  const invalidations = bus ? createInvalidations(bus) : undefined;

  const appDir = mkdtempSync(path.join(tmpdir(), 'beacon-app-'));
  mkdirSync(path.join(appDir, 'assets'));
  writeFileSync(path.join(appDir, 'index.html'), APP_INDEX_HTML);
  writeFileSync(path.join(appDir, 'assets', 'main-abc123.js'), 'console.log("app")');

  const logger = createLogger({ level: 'silent' });
  const idp = await startDevIdp({
    port: 0,
    listUsers: async () =>
      (await database.db.query.users.findMany()).map((u) => ({
        email: u.email,
        name: u.name,
        isSuperUser: u.isSuperUser,
      })),
  });
  const auth = developmentAuth({
    db: database.db,
    logger,
    devIdpIssuer: idp.issuer,
    ...(invalidations ? { invalidations } : {}),
    ...(options.superusers ? { superusers: options.superusers } : {}),
  });
  const gateway = {
    instanceBaseUrl: (host: string) => `https://${host}`,
    allowedHostSuffixes: [],
    isAllowedHost: () => false,
    personOrganizations: async () => ({ organizations: [], listable: false }),
    listInstances: async () => [],
    ensureApiClient: async () => ({ clientId: 'client-1', secret: 'secret-1' }),
    verify: async () => ({ status: 'ok' as const }),
    instanceClients: () => {
      throw new Error('The HTTP tests reach no B2C instance.');
    },
  };
  const services = createServices({
    db: database.db,
    b2c: gateway,
    secrets,
    ...(invalidations ? { invalidations } : {}),
    ...(options.callLimits ? { limits: createCallLimits(options.callLimits) } : {}),
  });
  const running = await createServer({
    config: {
      publicUrl: options.publicUrl,
      isDevelopment: false,
      trustProxy: false,
      metricsToken: options.metricsToken,
      isProduction: options.isProduction ?? false,
    },
    services,
    auth,
    logger,
    host: '127.0.0.1',
    port: 0,
    appDir,
    signInOrigins: [idp.issuer],
    ...(options.signInRateLimit ? { signInRateLimit: options.signInRateLimit } : {}),
    ...(options.wsSessionRecheckMs ? { wsSessionRecheckMs: options.wsSessionRecheckMs } : {}),
  });

  return {
    url: running.url,
    database,
    secrets,
    auth,
    running,
    services,
    async sessionCookieFor(userId) {
      return `${auth.sessionCookieName}=${await insertSession(database.db, userId)}`;
    },
    async close() {
      await running.close();
      await idp.close();
      await bus?.close();
      if (!shared) await database.close();
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}
