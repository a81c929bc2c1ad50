/**
 * What every Beacon process (the server, a worker) does first: read its configuration, ending the
 * process with the message of a bad variable, open and migrate the database, open the secrets box,
 * and choose its B2C gateway and AI providers.
 */
import path from 'node:path';
import { DomainError } from '~/domain/shared/errors';
import type { AiSimulator } from '~/simulators/ai/simulator';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import type { AiSpendLedger } from './ai-budget/service';
import { createAiRegistry } from './ai/registry';
import { type AiService, createAiService } from './ai/service';
import { type Config, ConfigError, needsAiSimulator } from './config';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { migrateDatabase } from './db/migrate';
import { createNotifyBus, type NotifyBus } from './db/notify';
import { createInvalidations, type Invalidations, LOCAL_INVALIDATIONS } from './invalidations';
import type { B2CGateway } from './integrations/b2c/gateway';
import { createB2CGateway } from './integrations/b2c/gateway.impl';
import type { Logger } from './log';
import { metrics } from './metrics';
import { createRateCounter, type RateCounter } from './rate-limits';
import { createSecrets, loadSecretKeys, type Secrets } from './secrets';
import { SEED_API_CLIENT, SEED_INSTANCES } from './seed-data';

export function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** A process that could not reach PostgreSQL in time at start: its message is all that is printed. */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

/**
 * Opens and migrates the database. PostgreSQL may still be starting (replicas and the database started
 * together): the process asks every second for up to `databaseStartTimeoutMs`, then gives up with a
 * DatabaseUnreachableError naming the host and the last error (the process exits non-zero).
 */
export async function openMigratedDatabase(
  config: {
    databaseUrl: string | undefined;
    dataDir: string;
    databaseStartTimeoutMs?: number;
  },
  options: { logger?: Logger; retryMs?: number } = {},
): Promise<Database> {
  const { logger } = options;
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  // Pool connections PostgreSQL ended while idle (a restart) are replaced; said once each, not fatal.
  if (database.handle.driver === 'node-postgres') {
    database.handle.client.on('error', (err) =>
      logger?.warn({ err }, 'database connection lost; it will be reopened'),
    );
  }
  if (config.databaseUrl) {
    const deadline = Date.now() + (config.databaseStartTimeoutMs ?? 30_000);
    for (let waited = false; ; waited = true) {
      try {
        await database.db.execute(sql`select 1`);
        break;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        if (Date.now() >= deadline) {
          await database.close().catch(() => undefined);
          const url = new URL(config.databaseUrl);
          const reason = rootReason(error);
          throw new DatabaseUnreachableError(
            `Beacon cannot reach its database at ${url.host}${waited ? ` (waited ${Math.round((config.databaseStartTimeoutMs ?? 30_000) / 1000)} s, DATABASE_START_TIMEOUT_MS)` : ''}: ${reason || 'no answer'}`,
          );
        }
        logger?.warn({ err: error }, 'waiting for the database');
        await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 1_000));
      }
    }
  }
  await migrateDatabase(database);
  return database;
}

/**
 * The process's LISTEN connection (server/db/notify.ts) and the cache invalidations that travel on it.
 * On PGlite (one process) the caches have no one to tell.
 */
export function openNotifyBus(
  database: Database,
  logger: Logger,
): { bus: NotifyBus; invalidations: Invalidations } {
  const bus = createNotifyBus(database, {
    onConnectionError: (err) =>
      logger.warn({ err }, 'database listener disconnected; reconnecting'),
  });
  const invalidations =
    database.driver === 'pglite'
      ? LOCAL_INVALIDATIONS
      : createInvalidations(bus, {
          onPublishError: (err) => logger.warn({ err }, 'cache invalidation not sent'),
        });
  return { bus, invalidations };
}

/** The innermost cause's code and message (Drizzle wraps the driver's error in "Failed query: …"). */
function rootReason(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause; depth++) e = e.cause;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === 'string' && part).join(' ');
}

/** The shared rate-limit counter on PostgreSQL; none on PGlite (one process counts alone). */
export function sharedRateCounter(database: Database): RateCounter | undefined {
  return database.driver === 'node-postgres' ? createRateCounter(database.db) : undefined;
}

/** What `main` prints when start fails: the message alone for an unreachable database, else the stack. */
export function startFailure(error: unknown): string {
  if (error instanceof DatabaseUnreachableError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The secrets box: BEACON_SECRET_KEY, then the older keys of BEACON_SECRET_KEYS (newest first), else
 * (outside production) a key kept in the data folder.
 */
export function openSecrets(config: Config): Secrets {
  return createSecrets(
    loadSecretKeys({
      envKey: config.secretKey,
      envKeys: config.secretKeys,
      dataDir: config.dataDir,
      allowGenerate: !config.isProduction,
    }),
  );
}

/**
 * ── B2C WIRING POINT ──────────────────────────────────────────────────────────────────────────────
 * The one place a process chooses its B2C gateway: the real Account Manager in production, or when
 * Beacon's own API client is configured; else the simulator at B2C_SIMULATOR_URL; else, outside production, a simulator
 * started in this process (so `npm start` can onboard offline; a worker process of its own starts
 * none: it reaches the server's through B2C_SIMULATOR_URL). In production without either, B2C
 * calls answer "not configured".
 */
export async function createB2C(
  config: Config,
  { startSimulator = true }: { startSimulator?: boolean } = {},
): Promise<{ gateway: B2CGateway; simulator?: B2CSimulator }> {
  if (config.accountManager) {
    return {
      gateway: createB2CGateway({
        accountManagerUrl: config.accountManager.url,
        ...(config.accountManager.sandboxApiUrl
          ? { sandboxApiUrl: config.accountManager.sandboxApiUrl }
          : {}),
        ...(config.accountManager.client ?? {}),
      }),
    };
  }
  let simulator: B2CSimulator | undefined;
  let simulatorUrl = config.b2cSimulatorUrl;
  if (!simulatorUrl && startSimulator && !config.isProduction) {
    // Loaded only here, like the development IdP: a production process never loads the simulator.
    const { startDevB2CSimulator } = await import('~/simulators/b2c/dev');
    simulator = await startDevB2CSimulator({
      dataDir: config.dataDir,
      port: config.b2cSimulatorPort,
      products: config.b2cSimulatorProducts,
      activationDelaySeconds: config.b2cSimulatorActivationDelaySeconds,
      demoClient: { ...SEED_API_CLIENT, instanceId: SEED_INSTANCES.acmeProd.instanceId },
    });
    simulatorUrl = simulator.url;
  }
  if (simulatorUrl) {
    const { simulatorGatewayConfig } = await import('~/simulators/b2c/simulator');
    return {
      gateway: createB2CGateway(simulatorGatewayConfig(simulatorUrl)),
      ...(simulator ? { simulator } : {}),
    };
  }
  const unavailable = () =>
    new DomainError('UNAVAILABLE', 'Salesforce B2C Commerce is not configured on this server.');
  return {
    gateway: {
      instanceBaseUrl: (host) => `https://${host}`,
      allowedHostSuffixes: [],
      isAllowedHost: () => false,
      personOrganizations: async () => Promise.reject(unavailable()),
      listInstances: async () => Promise.reject(unavailable()),
      ensureApiClient: async () => Promise.reject(unavailable()),
      verify: async () => ({ status: 'error', message: unavailable().message }),
      instanceClients: () => {
        throw unavailable();
      },
    },
  };
}

/**
 * ── AI WIRING POINT ───────────────────────────────────────────────────────────────────────────────
 * A provider with an API key calls its vendor; the others call the AI provider simulator at
 * AI_SIMULATOR_URL, else (outside production) one started in this process, so `npm start` runs the
 * agents offline (a worker process of its own starts none). In production a provider without a key answers "not configured".
 * A simulator started here answers shopping questions from the B2C simulator's live storefronts:
 * `b2cSimulatorUrl` (the one createB2C started in this process), else B2C_SIMULATOR_URL.
 */
export async function createAi(
  config: Config,
  logger: Logger,
  {
    startSimulator = true,
    b2cSimulatorUrl,
    rateCounter,
    ledger,
  }: {
    startSimulator?: boolean;
    b2cSimulatorUrl?: string;
    rateCounter?: RateCounter;
    /** The AI budget that calls made for an org are checked against and charged to. */
    ledger?: AiSpendLedger;
  } = {},
): Promise<{ service: AiService; simulator?: AiSimulator }> {
  let simulator: AiSimulator | undefined;
  let simulatorUrl = config.ai.simulatorUrl;
  if (!simulatorUrl && startSimulator && needsAiSimulator(config) && !config.isProduction) {
    // Loaded only here: a production process never loads the simulator.
    const { createAiSimulator } = await import('~/simulators/ai/simulator');
    const storefronts = b2cSimulatorUrl ?? config.b2cSimulatorUrl;
    simulator = await createAiSimulator({
      port: config.ai.simulatorPort,
      ...(storefronts ? { storefronts } : {}),
    });
    simulatorUrl = simulator.url;
  }
  const registry = createAiRegistry({
    provider: config.ai.provider,
    keys: config.ai.keys,
    ...(simulatorUrl ? { simulatorUrl } : {}),
  });
  logger.info({ ai: registry.describe(), provider: config.ai.provider }, 'AI providers');
  const service = createAiService({
    registry,
    timeoutMs: config.ai.timeoutMs,
    requestsPerMinute: config.ai.requestsPerMinute,
    ...(rateCounter ? { sharedCounter: rateCounter } : {}),
    ...(ledger ? { ledger } : {}),
    // Each call's tokens and cost; the areas' runs keep their own totals, the ledger each org's month.
    recordUsage: (record) => {
      metrics.aiCall(record);
      logger.debug({ aiCall: record }, 'AI call');
    },
    onRecordError: (err) => logger.warn({ err }, 'AI call not recorded'),
  });
  return { service, ...(simulator ? { simulator } : {}) };
}
