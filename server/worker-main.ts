/**
 * A background-job worker on its own (`npm run worker`): the same configuration and database as the
 * server (DATABASE_URL; PGlite only when no other process has the data folder open), no HTTP. Stops
 * on SIGINT/SIGTERM: fetching ends at once, jobs in flight get SHUTDOWN_GRACE_MS to finish, and the
 * rest are released for another worker.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { SHUTDOWN_GRACE_MS, startJobs } from './jobs/runtime';
import { createLogger } from './log';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const jobs = await startJobs({ database, logger, work: true, instanceName: 'worker' });

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000);
    force.unref();
    try {
      await jobs.stop();
      await database.close();
    } catch (err) {
      logger.error({ err }, 'error while stopping the worker');
    }
    clearTimeout(force);
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  logger.info({ database: database.driver }, 'worker ready');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Beacon's worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
