/**
 * The process: config → database (migrated, seeded when empty) → development IdP when a provider is
 * not configured → HTTP server with /ws. Stops cleanly on SIGINT/SIGTERM.
 */
import { alertWebhooksFor } from '~/server/monitoring/webhook';
import { desc } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { DevIdp, DevIdpUser } from '~/simulators/idp/dev-idp';
import { createServer } from './app';
import { createAiBudgetService } from './ai-budget/service';
import { createAuth } from './auth/auth';
import { revokeUnlistedSuperusers } from './auth/superusers';
import { type Config, loadConfig, needsDevIdp, withDevSecrets } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';
import { faviconServiceOrigin, httpOrigin } from './http/security';
import { startJobs } from './jobs/runtime';
import { createLogger } from './log';
import { watchDatabase } from './metrics';
import {
  configOrExit,
  createAi,
  createB2C,
  openMigratedDatabase,
  openNotifyBus,
  openSecrets,
  sharedRateCounter,
  startFailure,
} from './process-start';
import { closeOnSignals, type Schedules, startSchedules } from './process-run';
import { seed } from './seed';
import { createServices } from './services';
import type { HealthProbes } from './system/service';
import { createCallLimits } from './trpc/limits';

/** Reachable means any answer below 500. */
async function httpProbe(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(3000) });
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`${new URL(url).host} answered ${response.status}`);
}

/** Opens and closes a WebSocket to our own /ws. */
function wsProbe(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { origin: url.replace(/^ws/, 'http').replace(/\/ws$/, '') },
    });
    socket.once('open', () => {
      socket.close();
      resolve();
    });
    socket.once('error', (error) => reject(error));
  });
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
  if (config.salesforce) origins.add(new URL(config.salesforce.url).origin);
  if (config.google) origins.add('https://accounts.google.com');
  return [...origins];
}

/**
 * Sign in with Salesforce as configured; else, outside production, the simulator's Account Manager
 * (its public sign-in client): only a token that Account Manager issued works with its API, so
 * creating an API client and listing a person's organizations work in development as they do in
 * production (ADR 0036). Without a simulator, the development IdP stands in (null).
 */
async function salesforceSignIn(
  config: Config,
  simulatorUrl: string | undefined,
): Promise<Config['salesforce']> {
  if (config.salesforce || config.isProduction || !simulatorUrl) return config.salesforce;
  const { SIM_SIGN_IN_CLIENT_ID } = await import('~/simulators/b2c/account-manager-data');
  return { url: `${simulatorUrl}/am`, clientId: SIM_SIGN_IN_CLIENT_ID };
}

async function main() {
  const loaded = configOrExit(() => withDevSecrets(loadConfig()));
  const logger = createLogger({ level: loaded.logLevel });

  const database = await openMigratedDatabase(loaded, { logger });
  watchDatabase(database);
  const { bus, invalidations } = openNotifyBus(database, logger);
  const rateCounter = sharedRateCounter(database);
  const secrets = openSecrets(loaded);
  // The demo users and orgs are for trying Beacon out; a production database is never seeded.
  if (loaded.isProduction) {
    logger.info('production: the demo data is not seeded');
  } else {
    const { seeded } = await seed(database.db, { secrets });
    if (seeded) logger.info('seeded the demo data into an empty database');
  }
  // BEACON_SUPERUSERS changes only with a restart: whoever it made a superuser and no longer names
  // loses it now, not at their next sign-in (server/auth/superusers.ts).
  const revoked = await revokeUnlistedSuperusers(database.db, loaded.superusers);
  if (revoked > 0) logger.info({ revoked }, 'superusers no longer in BEACON_SUPERUSERS revoked');

  // Background jobs on the same database; this process runs workers too (once the services they
  // call are built, below) unless JOB_WORKERS=false (then `npm run worker` processes do).
  const jobs = await startJobs({ database, bus, logger, instanceName: 'server' });

  const b2c = await createB2C(loaded);
  if (b2c.simulator) logger.info({ url: b2c.simulator.url }, 'B2C Commerce simulator started');
  const config = {
    ...loaded,
    salesforce: await salesforceSignIn(loaded, b2c.simulator?.url ?? loaded.b2cSimulatorUrl),
  };
  const listening: { url?: string } = {};
  let idpIssuer: string | undefined;
  const probes: HealthProbes = {
    'identity-provider': () => {
      if (idpIssuer) return httpProbe(`${idpIssuer}/.well-known/openid-configuration`);
      // Account Manager publishes no discovery document: its authorize page is what sign-in needs.
      if (config.salesforce) return httpProbe(`${config.salesforce.url}/dwsso/oauth2/authorize`);
      return config.google
        ? httpProbe('https://accounts.google.com/.well-known/openid-configuration')
        : Promise.reject(new Error('no identity provider configured'));
    },
    b2c: () => {
      const am = config.accountManager?.url ?? b2c.simulator?.url ?? config.b2cSimulatorUrl;
      return am
        ? httpProbe(am)
        : Promise.reject(new Error('Salesforce B2C Commerce is not configured'));
    },
    websocket: () =>
      listening.url
        ? wsProbe(`${listening.url.replace(/^http/, 'ws')}/ws`)
        : Promise.reject(new Error('not listening yet')),
  };
  // One AI budget for the AI service to charge and the settings screen to read.
  const aiBudget = createAiBudgetService({
    db: database.db,
    defaultBudgetUsd: config.ai.monthlyBudgetUsd,
  });
  const ai = await createAi(config, logger, {
    ...(b2c.simulator ? { b2cSimulatorUrl: b2c.simulator.url } : {}),
    ...(rateCounter ? { rateCounter } : {}),
    ledger: aiBudget,
  });
  if (ai.simulator) logger.info({ url: ai.simulator.url }, 'AI provider simulator started');
  const services = createServices({
    db: database.db,
    b2c: b2c.gateway,
    secrets,
    probes,
    invalidations,
    runEvents: jobs.events,
    jobs: jobs.queue,
    ai: ai.service,
    aiBudget,
    // Cheap calls counted in memory, model and instance calls in the shared store on PostgreSQL.
    limits: createCallLimits(config.callLimits, rateCounter ? { sharedCounter: rateCounter } : {}),
    alertWebhooks: alertWebhooksFor(config),
  });
  // Workers, and the catalogue and retention schedules and the sweep of expired org exports with them
  // (a JOB_WORKERS=false server leaves them all to workers).
  let schedules: Schedules | undefined;
  if (config.jobWorkers) {
    await jobs.work(services);
    schedules = startSchedules({
      db: database.db,
      products: services.products,
      jobs: jobs.queue,
      logger,
    });
  }
  logger.info({ workers: config.jobWorkers }, 'background jobs started');

  let idp: DevIdp | undefined;
  if (needsDevIdp(config) && !config.isProduction) {
    // Loaded only here: a production process never runs it, so never loads oidc-provider.
    const { startDevIdp } = await import('~/simulators/idp/dev-idp');
    idp = await startDevIdp({
      host: '127.0.0.1',
      port: config.devIdpPort,
      listUsers: () => listDemoUsers(database.db),
      onError: (err) => logger.warn({ err }, 'development IdP error'),
    });
    logger.info({ issuer: idp.issuer }, 'development identity provider started');
    idpIssuer = idp.issuer;
  }

  const auth = createAuth({
    config,
    db: database.db,
    logger,
    devIdpIssuer: idp?.issuer,
    invalidations,
    secrets,
  });
  const running = await createServer({
    config,
    services,
    auth,
    logger,
    host: config.host,
    port: config.port,
    signInOrigins: signInOrigins(config, idp?.issuer),
    signInRateLimit: { limit: config.signInLimit },
    ...(rateCounter ? { rateCounter } : {}),
    // The client build's favicon service (org logos), read from the same environment as the build.
    imageOrigins: [faviconServiceOrigin(process.env.VITE_FAVICON_SERVICE_URL)].filter(
      (origin): origin is string => origin !== null,
    ),
    // Page views and error reports go where the client build was told to send them.
    connectOrigins: [
      httpOrigin(process.env.VITE_ANALYTICS_URL),
      httpOrigin(process.env.VITE_SENTRY_DSN),
    ].filter((origin): origin is string => origin !== null),
  });
  // Before anything says the server is up: a supervisor that stops it as soon as it reads the
  // ready line must reach this handler, not the signal's default action (which skips the clean close).
  closeOnSignals({
    logger,
    // Past the jobs' grace period (SHUTDOWN_GRACE_MS), with room for the rest of the close.
    forceAfterMs: 15_000,
    messages: { stopping: 'shutting down', failed: 'error during shutdown' },
    async close() {
      await running.close();
      schedules?.stop();
      // Jobs in flight finish or are released for another worker before the database closes.
      await jobs.stop();
      await idp?.close();
      await b2c.simulator?.stop();
      await ai.simulator?.stop();
      await bus.close();
      await database.close();
    },
  });
  listening.url = running.url;
  const publicUrl = config.publicUrl ?? running.url;
  logger.info({ url: publicUrl, env: config.env }, 'server listening');
  const lines = [`Open ${publicUrl}/app/`];
  if (idp) {
    lines.push(
      'Sign in with Salesforce or Google, then pick maya@beacon.test (member) or ada@beacon.test (superuser) on the sign-in page; ivy@beacon.test belongs only to an org with no environments.',
    );
  }
  if (b2c.simulator) {
    lines.push(
      `Salesforce B2C Commerce simulator: ${b2c.simulator.url} (Account Manager and instances zzte_001–zzte_003; onboarding links open its Business Manager pages).`,
    );
  }
  if (ai.simulator) {
    lines.push(
      `AI provider simulator: ${ai.simulator.url} (answers for every provider without an API key; see docs/simulators.md).`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Beacon failed to start: ${startFailure(error)}\n`);
  process.exit(1);
});
