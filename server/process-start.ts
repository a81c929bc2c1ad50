/**
 * What every Beacon process (the server, a worker) does first: read its configuration, ending the
 * process with the message of a bad variable, then open and migrate the database.
 */
import path from 'node:path';
import { ConfigError } from './config';
import { createDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';

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

export async function openMigratedDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  return database;
}
