/**
 * A real listening server for HTTP tests: PGlite in memory (migrated, seeded), the development IdP and
 * the app on ephemeral loopback ports, a tiny built app in a temp folder, and a fake B2C gateway.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevIdp } from '~/mock-server/idp/dev-idp';
import { createServer, type RunningServer } from '~/server/app';
import { type Auth, createAuth } from '~/server/auth/auth';
import { createDatabase, type Database, IN_MEMORY } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { sessions } from '~/server/db/schema';
import { createLogger } from '~/server/log';
import { createSecrets } from '~/server/secrets';
import { seed } from '~/server/seed';
import { type BeaconServices, createServices } from '~/server/services';

export const APP_INDEX_HTML = '<!doctype html><title>Beacon test app</title><div id="root"></div>';

export interface TestServer {
  url: string;
  database: Database;
  auth: Auth;
  running: RunningServer;
  /** The services the server calls (per request): a test may replace a method to simulate a fault. */
  services: BeaconServices;
  /** A session cookie header for a user, written straight into the sessions table. */
  sessionCookieFor(userId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: { signInRateLimit?: { limit: number } } = {},
): Promise<TestServer> {
  const database = await createDatabase({ dataDir: IN_MEMORY });
  await migrateDatabase(database);
  const secrets = createSecrets(randomBytes(32));
  await seed(database.db, { secrets });

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
  const auth = createAuth({
    config: {
      publicUrl: undefined,
      salesforce: null,
      google: null,
      isProduction: false,
      authSecret: randomBytes(32).toString('hex'),
    },
    db: database.db,
    logger,
    devIdpIssuer: idp.issuer,
  });
  const gateway = {
    instanceBaseUrl: (host: string) => `https://${host}`,
    listInstances: async () => [],
    ensureApiClient: async () => ({ clientId: 'client-1', secret: 'secret-1' }),
    verify: async () => ({ status: 'ok' as const }),
  };
  const services = createServices({ db: database.db, b2c: gateway, secrets });
  const running = await createServer({
    config: { publicUrl: undefined, isDevelopment: false, trustProxy: false },
    services,
    auth,
    logger,
    host: '127.0.0.1',
    port: 0,
    appDir,
    signInOrigins: [idp.issuer],
    ...(options.signInRateLimit ? { signInRateLimit: options.signInRateLimit } : {}),
  });

  return {
    url: running.url,
    database,
    auth,
    running,
    services,
    async sessionCookieFor(userId) {
      const sessionToken = randomUUID();
      await database.db
        .insert(sessions)
        .values({ sessionToken, userId, expires: new Date(Date.now() + 3_600_000) });
      return `${auth.sessionCookieName}=${sessionToken}`;
    },
    async close() {
      await running.close();
      await idp.close();
      await database.close();
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}
