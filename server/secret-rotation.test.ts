/**
 * Re-encrypting every stored ciphertext under the newest key (`npm run secrets:rotate`): rows made under
 * an older key, or before ciphertexts carried a key id, end up under the newest; what no key of the ring
 * reads is reported and left as it is; a second run has nothing to do.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '~/server/db/schema';
import {
  ACCOUNT_MANAGER_PROVIDER,
  accountManagerTokenContext,
} from '~/server/auth/account-manager-token';
import { accounts, b2cApiClients } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { apiClientSecretContext } from '~/server/instances/service';
import { makeOrg, makeUser } from '~/server/test-support';
import { ENCRYPTED_COLUMNS, rotateSecrets } from './secret-rotation';
import { createSecrets } from './secrets';

function legacyCiphertext(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('encrypted columns', () => {
  it('every *_ciphertext column of the schema is rotated', () => {
    const found = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const { name, columns } = getTableConfig(table);
        return columns
          .filter((c) => c.name.endsWith('_ciphertext'))
          .map((c) => `${name}.${c.name}`);
      });
    expect(found.length).toBeGreaterThan(0);
    // Auth.js's adapter names the accounts table's columns: the Account Manager token keeps its name.
    expect(ENCRYPTED_COLUMNS.map((c) => c.name).sort()).toEqual(
      [...found, 'accounts.access_token'].sort(),
    );
  });
});

describeEachDriver('secret rotation', (get) => {
  it('re-encrypts every stored secret under the newest key, reports what no key reads, and is idempotent', async () => {
    const db = get().db;
    const older = randomBytes(32);
    const newer = randomBytes(32);
    const lost = randomBytes(32);
    const [a, b, c, d] = await Promise.all([makeOrg(db), makeOrg(db), makeOrg(db), makeOrg(db)]);
    const stored = {
      [a.id]: createSecrets(older).encrypt('secret-a', apiClientSecretContext(a.id)),
      [b.id]: legacyCiphertext(older, 'secret-b', apiClientSecretContext(b.id)),
      [c.id]: createSecrets(newer).encrypt('secret-c', apiClientSecretContext(c.id)),
      [d.id]: createSecrets(lost).encrypt('secret-d', apiClientSecretContext(d.id)),
    };
    await db.insert(b2cApiClients).values(
      Object.entries(stored).map(([orgId, secretCiphertext]) => ({
        orgId,
        clientId: `client-${orgId}`,
        secretCiphertext,
      })),
    );
    await db.insert(b2cApiClients).values({ orgId: (await makeOrg(db)).id, clientId: 'none' });
    // A person's Account Manager token, kept by their Salesforce sign-in under the older key.
    const person = await makeUser(db);
    const amAccount = `am-${person.id}`;
    await db.insert(accounts).values({
      userId: person.id,
      type: 'oauth',
      provider: ACCOUNT_MANAGER_PROVIDER,
      providerAccountId: amAccount,
      access_token: createSecrets(older).encrypt('am-token', accountManagerTokenContext(amAccount)),
    });

    const ring = createSecrets([newer, older]);
    const report = await rotateSecrets(db, ring);
    expect(report).toEqual([
      {
        column: 'b2c_api_clients.secret_ciphertext',
        rotated: 2,
        current: 1,
        unreadable: 1,
        changedMeanwhile: 0,
      },
      {
        column: 'accounts.access_token',
        rotated: 1,
        current: 0,
        unreadable: 0,
        changedMeanwhile: 0,
      },
    ]);
    const [account] = await db
      .select({ token: accounts.access_token })
      .from(accounts)
      .where(eq(accounts.providerAccountId, amAccount));
    expect(
      createSecrets(newer).decrypt(account!.token!, accountManagerTokenContext(amAccount)),
    ).toBe('am-token');

    const now = async (orgId: string) =>
      (await db.select().from(b2cApiClients).where(eq(b2cApiClients.orgId, orgId)))[0]!
        .secretCiphertext!;
    // The newest key alone reads what was rotated; the row no key read is left as it was.
    const newest = createSecrets(newer);
    for (const [org, plain] of [
      [a, 'secret-a'],
      [b, 'secret-b'],
      [c, 'secret-c'],
    ] as const) {
      expect(newest.decrypt(await now(org.id), apiClientSecretContext(org.id))).toBe(plain);
      expect(newest.isCurrent(await now(org.id))).toBe(true);
    }
    expect(await now(c.id)).toBe(stored[c.id]);
    expect(await now(d.id)).toBe(stored[d.id]);

    const again = await rotateSecrets(db, ring);
    expect(again[0]).toMatchObject({ rotated: 0, current: 3 });
    expect(again[1]).toMatchObject({ rotated: 0, current: 1 });
  });
});
