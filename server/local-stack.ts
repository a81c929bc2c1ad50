/**
 * What the HTTP tests and the server benchmark both stand up around the app: a migrated, seeded
 * database with its secrets box, sign-in configured for development (no real providers, a fresh
 * session secret), and sessions written straight into the table. Never used by `npm start`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Auth, createAuth } from './auth/auth';
import { createDatabase, type Database, type DatabaseOptions, type Db } from './db/client';
import { migrateDatabase } from './db/migrate';
import { sessions } from './db/schema';
import type { Invalidations } from './invalidations';
import type { Logger } from './log';
import { createSecrets, type Secrets } from './secrets';
import { seed } from './seed';

export async function seededDatabase(
  options: DatabaseOptions,
): Promise<{ database: Database; secrets: Secrets }> {
  const database = await createDatabase(options);
  await migrateDatabase(database);
  const secrets = createSecrets(randomBytes(32));
  await seed(database.db, { secrets });
  return { database, secrets };
}

/** Auth.js with only the development identity provider, at `devIdpIssuer`. */
export function developmentAuth({
  superusers = [],
  ...deps
}: {
  db: Db;
  logger: Logger;
  devIdpIssuer: string;
  /** `BEACON_SUPERUSERS`, parsed. */
  superusers?: readonly string[];
  invalidations?: Invalidations;
}): Auth {
  return createAuth({
    config: {
      publicUrl: undefined,
      salesforce: null,
      google: null,
      isProduction: false,
      authSecret: randomBytes(32).toString('hex'),
      superusers,
    },
    ...deps,
  });
}

/** A live session for `userId`, valid for an hour; returns its token. */
export async function insertSession(db: Db, userId: string): Promise<string> {
  const sessionToken = randomUUID();
  await db
    .insert(sessions)
    .values({ sessionToken, userId, expires: new Date(Date.now() + 3_600_000) });
  return sessionToken;
}
