/** Writes the demo data (server/seed-data.ts) into an empty database; does nothing when users exist. */
import { count } from 'drizzle-orm';
import type { Db } from './db/client';
import { b2cApiClients, b2cInstances, envs, memberships, orgs, prompts, users } from './db/schema';
import { apiClientSecretContext } from './instances/service';
import type { Secrets } from './secrets';
import {
  SEED_API_CLIENT,
  SEED_ENVS,
  SEED_INSTANCES,
  SEED_MEMBERSHIPS,
  SEED_ORGS,
  SEED_PROMPTS,
  SEED_USERS,
} from './seed-data';

export interface SeedOptions {
  /** Encrypts the demo API client's secret; without it the client is stored with no secret. */
  secrets?: Secrets;
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) return { seeded: false };
    await tx
      .insert(users)
      .values(Object.values(SEED_USERS).map((u) => ({ ...u })))
      .onConflictDoNothing();
    await tx
      .insert(orgs)
      .values(Object.values(SEED_ORGS).map((o) => ({ ...o })))
      .onConflictDoNothing();
    await tx
      .insert(memberships)
      .values(SEED_MEMBERSHIPS.map((m) => ({ ...m })))
      .onConflictDoNothing();
    await tx
      .insert(b2cInstances)
      .values(Object.values(SEED_INSTANCES).map((i) => ({ ...i })))
      .onConflictDoNothing();
    await tx
      .insert(envs)
      .values(Object.values(SEED_ENVS).map((e) => ({ ...e })))
      .onConflictDoNothing();
    await tx
      .insert(b2cApiClients)
      .values({
        orgId: SEED_API_CLIENT.orgId,
        clientId: SEED_API_CLIENT.clientId,
        secretCiphertext: options.secrets
          ? options.secrets.encrypt(
              SEED_API_CLIENT.secret,
              apiClientSecretContext(SEED_API_CLIENT.orgId),
            )
          : null,
      })
      .onConflictDoNothing();
    await tx
      .insert(prompts)
      .values(SEED_PROMPTS.map((p) => ({ ...p })))
      .onConflictDoNothing();
    return { seeded: true };
  });
}
