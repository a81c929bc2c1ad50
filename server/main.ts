/**
 * The process: config → database (migrated, seeded when empty) → development IdP when a provider is
 * not configured → HTTP server with /ws. Stops cleanly on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { DomainError } from '../domain/errors';
import { startDevIdp, type DevIdp, type DevIdpUser } from '../mock-server/idp/dev-idp';
import { createServer } from './app';
import { createAuth } from './auth/auth';
import { ConfigError, loadConfig, needsDevIdp, withDevSecrets, type Config } from './config';
import { createDatabase, type Db } from './db/client';
import { migrateDatabase } from './db/migrate';
import { users } from './db/schema';
import type { B2CGateway } from './integrations/b2c/gateway';
import { createB2CGateway } from './integrations/b2c/gateway.impl';
import { createLogger } from './log';
import { seed } from './seed';
import { createServices } from './services/index';
import { createSecrets, loadSecretKey } from './services/secrets';

/**
 * ── B2C WIRING POINT ──────────────────────────────────────────────────────────────────────────────
 * The one place the server chooses its B2C gateway. With B2C_SIMULATOR_URL the gateway talks to the
 * local simulator (mock-server/b2c); without it, B2C calls answer "not configured".
 */
function createB2C(config: Config): B2CGateway {
  const simulator = config.b2cSimulatorUrl;
  if (simulator) {
    return createB2CGateway({
      accountManagerUrl: `${simulator}/am`,
      clientId: 'beacon-simulator',
      clientSecret: 'beacon-simulator-secret',
      extraAllowedHosts: [simulator],
      instanceBaseUrl: `${simulator}/hosts/{host}`,
    });
  }
  const unavailable = () =>
    new DomainError('UNAVAILABLE', 'Salesforce B2C Commerce is not configured on this server.');
  return {
    listInstances: async () => Promise.reject(unavailable()),
    ensureApiClient: async () => Promise.reject(unavailable()),
    verify: async () => ({ status: 'error', message: unavailable().message }),
  };
}

/** The people the development sign-in page offers: everyone in the database, superusers first. */
async function listDemoUsers(db: Db): Promise<DevIdpUser[]> {
  return db
    .select({ email: users.email, name: users.name, isSuperUser: users.isSuperUser })
    .from(users)
    .orderBy(desc(users.isSuperUser), users.email)
    .limit(50);
}

function signInOrigins(config: Config, devIssuer: string | undefined): string[] {
  const origins = new Set<string>();
  if (devIssuer) origins.add(new URL(devIssuer).origin);
  if (config.salesforce) {
    origins.add(
      config.salesforce.issuer
        ? new URL(config.salesforce.issuer).origin
        : 'https://login.salesforce.com',
    );
    origins.add('https://*.my.salesforce.com');
  }
  if (config.google) origins.add('https://accounts.google.com');
  return [...origins];
}

async function main() {
  let config: ReturnType<typeof withDevSecrets>;
  try {
    config = withDevSecrets(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });

  const database = createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const secrets = createSecrets(
    loadSecretKey({
      envKey: config.secretKey,
      dataDir: config.dataDir,
      allowGenerate: !config.isProduction,
    }),
  );
  const { seeded } = await seed(database.db, { secrets });
  if (seeded) logger.info('seeded the demo data into an empty database');

  const services = createServices({ db: database.db, b2c: createB2C(config), secrets });

  let idp: DevIdp | undefined;
  if (needsDevIdp(config) && !config.isProduction) {
    idp = await startDevIdp({
      host: '127.0.0.1',
      port: config.devIdpPort,
      listUsers: () => listDemoUsers(database.db),
      onError: (err) => logger.warn({ err }, 'development IdP error'),
    });
    logger.info({ issuer: idp.issuer }, 'development identity provider started');
  }

  const auth = createAuth({ config, db: database.db, logger, devIdpIssuer: idp?.issuer });
  const running = await createServer({
    config,
    services,
    auth,
    logger,
    host: config.host,
    port: config.port,
    signInOrigins: signInOrigins(config, idp?.issuer),
  });
  const publicUrl = config.publicUrl ?? running.url;
  logger.info({ url: publicUrl, env: config.env }, 'server listening');
  process.stdout.write(
    idp
      ? `\nOpen ${publicUrl}/app/ — sign in with Salesforce or Google and pick maya@beacon.test (member) or ada@beacon.test (superuser) on the development sign-in page.\n\n`
      : `\nOpen ${publicUrl}/app/\n\n`,
  );

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) {
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await running.close();
      await idp?.close();
      await database.close();
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
    }
    clearTimeout(force);
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Beacon failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
