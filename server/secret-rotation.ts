/**
 * Key rotation (`npm run secrets:rotate`, docs/security.md rule 11): every stored ciphertext is read with
 * the key ring and written again under its newest key. Each encrypted column is listed once here; a
 * test compares the list with the schema's `*_ciphertext` columns, so a new one cannot be forgotten.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  ACCOUNT_MANAGER_PROVIDER,
  accountManagerTokenContext,
} from '~/server/auth/account-manager-token';
import { accounts, b2cApiClients } from '~/server/db/schema';
import { apiClientSecretContext } from '~/server/instances/service';
import type { Secrets } from './secrets';

export interface StoredCiphertext {
  /** The row's key. */
  key: string;
  ciphertext: string;
  /** What the ciphertext is bound to (its additional authenticated data). */
  context: string;
}

export interface EncryptedColumn {
  /** `table.column`, as the database names them. */
  name: string;
  read(db: Db): Promise<StoredCiphertext[]>;
  /** Writes `next` in place of `expected` only if the row still holds it: false when it changed. */
  replace(db: Db, key: string, expected: string, next: string): Promise<boolean>;
}

export const ENCRYPTED_COLUMNS: readonly EncryptedColumn[] = [
  {
    name: 'b2c_api_clients.secret_ciphertext',
    async read(db) {
      const rows = await db
        .select({ orgId: b2cApiClients.orgId, ciphertext: b2cApiClients.secretCiphertext })
        .from(b2cApiClients)
        .where(isNotNull(b2cApiClients.secretCiphertext));
      return rows.map((row) => ({
        key: row.orgId,
        ciphertext: row.ciphertext!,
        context: apiClientSecretContext(row.orgId),
      }));
    },
    async replace(db, orgId, expected, next) {
      const done = await db
        .update(b2cApiClients)
        .set({ secretCiphertext: next })
        .where(and(eq(b2cApiClients.orgId, orgId), eq(b2cApiClients.secretCiphertext, expected)))
        .returning({ orgId: b2cApiClients.orgId });
      return done.length > 0;
    },
  },
  {
    // A person's Account Manager access token (server/auth/account-manager-token.ts); the other
    // providers' tokens are never stored.
    name: 'accounts.access_token',
    async read(db) {
      const rows = await db
        .select({ key: accounts.providerAccountId, ciphertext: accounts.access_token })
        .from(accounts)
        .where(
          and(eq(accounts.provider, ACCOUNT_MANAGER_PROVIDER), isNotNull(accounts.access_token)),
        );
      return rows.map((row) => ({
        key: row.key,
        ciphertext: row.ciphertext!,
        context: accountManagerTokenContext(row.key),
      }));
    },
    async replace(db, providerAccountId, expected, next) {
      const done = await db
        .update(accounts)
        .set({ access_token: next })
        .where(
          and(
            eq(accounts.provider, ACCOUNT_MANAGER_PROVIDER),
            eq(accounts.providerAccountId, providerAccountId),
            eq(accounts.access_token, expected),
          ),
        )
        .returning({ key: accounts.providerAccountId });
      return done.length > 0;
    },
  },
];

export interface RotationReport {
  column: string;
  /** Written again under the newest key. */
  rotated: number;
  /** Under the newest key already. */
  current: number;
  /** Read by no key of the ring (made under a key no longer configured, or altered): left as it is. */
  unreadable: number;
  /** Changed by someone else while this ran (a new secret was stored): left to them. */
  changedMeanwhile: number;
}

export async function rotateSecrets(
  db: Db,
  secrets: Secrets,
  columns: readonly EncryptedColumn[] = ENCRYPTED_COLUMNS,
): Promise<RotationReport[]> {
  const reports: RotationReport[] = [];
  for (const column of columns) {
    const report = {
      column: column.name,
      rotated: 0,
      current: 0,
      unreadable: 0,
      changedMeanwhile: 0,
    };
    for (const { key, ciphertext, context } of await column.read(db)) {
      if (secrets.isCurrent(ciphertext)) {
        report.current += 1;
        continue;
      }
      let plaintext: string;
      try {
        plaintext = secrets.decrypt(ciphertext, context);
      } catch {
        report.unreadable += 1;
        continue;
      }
      const replaced = await column.replace(
        db,
        key,
        ciphertext,
        secrets.encrypt(plaintext, context),
      );
      if (replaced) report.rotated += 1;
      else report.changedMeanwhile += 1;
    }
    reports.push(report);
  }
  return reports;
}
