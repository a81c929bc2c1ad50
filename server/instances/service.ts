/**
 * B2C onboarding data: instances discovered through the gateway, the org's API client (secret stored
 * encrypted, never returned), per-capability verification flags, and the final onboarded link to an env.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type B2CCapability, CAPABILITY } from '~/domain/instances/capabilities';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import { API_CLIENT_ADMIN_ROLES } from '~/domain/instances/account-manager';
import type {
  ApiClient,
  ApiClientSetup,
  B2CInstance,
  OrganizationStep,
  VerifyResult,
} from '~/domain/instances/entities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { DomainError, type ErrorReason } from '~/domain/shared/errors';
import type { Db, DbOrTx } from '~/server/db/client';
import { b2cApiClients, b2cInstances, envs, orgs } from '~/server/db/schema';
import {
  accountManagerAccessToken,
  accountManagerTokenRoles,
} from '~/server/auth/account-manager-token';
import { B2CAuthError, B2CPermissionError } from '~/server/integrations/b2c/errors';
import type {
  B2CGateway,
  B2CInstanceClients,
  DiscoveredInstance,
} from '~/server/integrations/b2c/gateway';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import type { DataCache } from '~/server/orgs/data-cache';
import { findEnv, requireOrg } from '~/server/orgs/rows';
import type { Secrets } from '~/server/secrets';

/** Binds a stored secret to its org, so a ciphertext copied to another org's row does not decrypt. */
export const apiClientSecretContext = (orgId: string) => `b2c-api-client:${orgId}`;

/**
 * How long after it was created (or pasted) an API client Salesforce refuses counts as not active yet
 * rather than wrong: a new client can take a few minutes to work (ADR 0036).
 */
export const API_CLIENT_ACTIVATION_MS = 5 * 60_000;
/** How long the screen waits before verifying again while the client activates. */
export const API_CLIENT_ACTIVATION_RETRY_MS = 15_000;

/**
 * The first key of the advisory lock that serialises an org's API client creation (the second is the
 * org id's hash): any 32-bit number no other lock of Beacon's uses.
 */
export const API_CLIENT_LOCK = 0x42_43_01;

const instanceColumns = {
  id: b2cInstances.id,
  instanceId: b2cInstances.instanceId,
  externalInstanceId: b2cInstances.externalInstanceId,
  host: b2cInstances.host,
  tenantType: b2cInstances.tenantType,
  ocapiDataSettingsVerified: b2cInstances.ocapiDataSettingsVerified,
  ocapiShopSettingsVerified: b2cInstances.ocapiShopSettingsVerified,
  webdavSettingsVerified: b2cInstances.webdavSettingsVerified,
  onboarded: b2cInstances.onboarded,
  clientId: b2cApiClients.clientId,
};

type InstanceRow = Omit<B2CInstance, 'apiClient'> & { clientId: string | null };

type InstanceRowWithoutUrl = Omit<InstanceRow, 'baseUrl'>;

/** Gateway failures become UNAVAILABLE with a message a person can act on; domain errors pass through. */
async function callGateway<T>(
  call: () => Promise<T>,
  message: string,
  reason: ErrorReason,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw Object.assign(new DomainError('UNAVAILABLE', message, reason), { cause: error });
  }
}

/** Why creating the API client failed, as the person can act on it. */
function apiClientError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const [kind, message, reason] =
    error instanceof B2CPermissionError && error.call.api === 'account-manager'
      ? (['FORBIDDEN', INSTANCE_MESSAGES.apiClientNoRole, 'api-client-no-role'] as const)
      : error instanceof B2CAuthError
        ? ([
            'FORBIDDEN',
            INSTANCE_MESSAGES.accountManagerSignInNeeded,
            'account-manager-sign-in-needed',
          ] as const)
        : ([
            'UNAVAILABLE',
            INSTANCE_MESSAGES.apiClientCreateFailed,
            'api-client-create-failed',
          ] as const);
  return Object.assign(new DomainError(kind, message, reason), { cause: error });
}

/**
 * Verification failed for a reason settings cannot fix (Salesforce unreachable, a timeout, a 5xx
 * after retries, an unexpected answer). UNAVAILABLE, so tRPC answers SERVICE_UNAVAILABLE; the
 * B2C error is kept as the cause for the logs.
 */
export class B2CVerifyError extends DomainError {
  constructor(capability: B2CCapability, cause: unknown) {
    super('UNAVAILABLE', INSTANCE_MESSAGES.verifyException(capability), 'verify-failed');
    Object.assign(this, { cause });
  }
}

export interface B2CInstancesService {
  /**
   * The select-organization step: the org's linked Account Manager organization, or the ones
   * `userId`'s Account Manager sign-in belongs to. Reads only.
   */
  organizationStep(orgId: string, userId: string): Promise<OrganizationStep>;
  /**
   * Links the org to one of `userId`'s Account Manager organizations, with its name and realms where
   * their roles can read them, else the realms they typed. Instances are listed from these realms.
   */
  linkOrganization(
    orgId: string,
    userId: string,
    choice: { amOrganizationId: string; realms?: string[] | undefined },
  ): Promise<OrganizationStep['linked']>;
  /**
   * Refreshes the org's copy of its tenants with `userId`'s Account Manager sign-in: the linked
   * organization's realms only.
   */
  sync(orgId: string, userId: string): Promise<B2CInstance[]>;
  /** The host name of a tenant Account Manager lists without one; refused outside the allowlist. */
  setHost(orgId: string, b2cInstanceId: string, host: string): Promise<B2CInstance>;
  list(orgId: string): Promise<B2CInstance[]>;
  get(orgId: string, b2cInstanceId: string): Promise<B2CInstance>;
  verifyOnboarded(orgId: string, envId: string, b2cInstanceId: string): Promise<VerifyResult>;
  /**
   * OCAPI, WebDAV clients for the env's linked instance with the org's API client: what the catalogue
   * sync, live product reads and write-back call. UNAVAILABLE with what to do when there are none.
   */
  clientsForEnv(orgId: string, envId: string): Promise<B2CInstanceClients>;
}

export interface B2CAPIClientsService {
  /** Whether `userId`'s Account Manager sign-in lets Beacon create the client, or they paste one. */
  setup(orgId: string, userId: string): Promise<ApiClientSetup>;
  /** The org's stored client, or one `userId` creates with their Account Manager sign-in. */
  getOrCreate(orgId: string, userId: string): Promise<ApiClient>;
  /**
   * A client someone created in Account Manager, pasted: stored at once (the secret encrypted, never
   * returned), in place of the org's client; the configure steps verify it.
   */
  paste(orgId: string, client: { clientId: string; secret: string }): Promise<ApiClient>;
  verify(orgId: string, b2cInstanceId: string, capability: B2CCapability): Promise<VerifyResult>;
}

export interface B2CServiceDeps {
  db: Db;
  b2c: B2CGateway;
  secrets: Secrets;
  /** Env lists carry each env's instance summary: every instance write invalidates the org's list. */
  cache: DataCache;
}

export function createB2CServices({ db, b2c, secrets, cache }: B2CServiceDeps): {
  b2cInstances: B2CInstancesService;
  b2cAPIClients: B2CAPIClientsService;
} {
  const toInstance = ({ clientId, ...row }: InstanceRowWithoutUrl): B2CInstance => ({
    ...row,
    baseUrl: row.host === null ? null : b2c.instanceBaseUrl(row.host),
    apiClient: clientId ? { clientId } : null,
  });

  function selectInstances(orgId: string) {
    return db
      .select(instanceColumns)
      .from(b2cInstances)
      .leftJoin(b2cApiClients, eq(b2cApiClients.orgId, b2cInstances.orgId))
      .where(eq(b2cInstances.orgId, orgId))
      .$dynamic();
  }

  async function list(orgId: string): Promise<B2CInstance[]> {
    const rows = await selectInstances(orgId).orderBy(
      asc(b2cInstances.instanceId),
      asc(b2cInstances.id),
    );
    return rows.map(toInstance);
  }

  /** By row id; the realm's instance name ("zzte_001") is not an id here. */
  async function get(orgId: string, b2cInstanceId: string): Promise<B2CInstance> {
    const rows = await selectInstances(orgId)
      .where(and(eq(b2cInstances.orgId, orgId), eq(b2cInstances.id, b2cInstanceId)))
      .limit(1);
    const row = rows[0];
    if (!row) {
      throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.instanceNotFound, 'instance-not-found');
    }
    return toInstance(row);
  }

  async function requireInstanceRow(orgId: string, id: string) {
    const [row] = await db
      .select()
      .from(b2cInstances)
      .where(and(eq(b2cInstances.orgId, orgId), eq(b2cInstances.id, id)));
    if (!row) {
      throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.instanceNotFound, 'instance-not-found');
    }
    return row;
  }

  /**
   * Matched on Account Manager's id; failing that, on the realm instance id ("zzte_001", unique across
   * B2C), so a row created before its external id was known (the seed, an import) is adopted, not doubled.
   */
  async function upsertDiscovered(orgId: string, found: DiscoveredInstance): Promise<void> {
    // A tenant listed without a host keeps the one a person gave it.
    const fields = {
      instanceId: found.instanceId,
      tenantType: found.tenantType,
      ...(found.host === null ? {} : { host: found.host }),
    };
    const byExternal = await db
      .update(b2cInstances)
      .set(fields)
      .where(
        and(
          eq(b2cInstances.orgId, orgId),
          eq(b2cInstances.externalInstanceId, found.externalInstanceId),
        ),
      )
      .returning({ id: b2cInstances.id });
    if (byExternal.length > 0) return;
    const [adoptable] = await db
      .select({ id: b2cInstances.id })
      .from(b2cInstances)
      .where(and(eq(b2cInstances.orgId, orgId), eq(b2cInstances.instanceId, found.instanceId)))
      .orderBy(asc(b2cInstances.createdAt))
      .limit(1);
    if (adoptable) {
      await db
        .update(b2cInstances)
        .set({ ...fields, externalInstanceId: found.externalInstanceId })
        .where(eq(b2cInstances.id, adoptable.id));
      return;
    }
    await db
      .insert(b2cInstances)
      .values({ orgId, externalInstanceId: found.externalInstanceId, host: found.host, ...fields })
      .onConflictDoUpdate({
        target: [b2cInstances.orgId, b2cInstances.externalInstanceId],
        set: fields,
      });
  }

  /** Runs a write to the org's instances, then drops the org's cached env list (even when it failed part way). */
  async function changingInstances<T>(orgId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      cache.envsChanged(orgId);
    }
  }

  /** The stored secret, or null when none is stored or it cannot be read (the key changed). */
  function readSecret(orgId: string, ciphertext: string | null): string | null {
    if (!ciphertext) return null;
    try {
      return secrets.decrypt(ciphertext, apiClientSecretContext(orgId));
    } catch {
      return null;
    }
  }

  async function requireLinkRow(orgId: string) {
    await requireOrg(db, orgId);
    const [row] = await db
      .select({
        id: orgs.amOrganizationId,
        name: orgs.amOrganizationName,
        realms: orgs.amRealms,
      })
      .from(orgs)
      .where(eq(orgs.id, orgId));
    if (!row) throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.instanceNotFound);
    return row;
  }

  const linkOf = (row: { id: string | null; name: string | null; realms: string[] }) =>
    row.id ? { id: row.id, name: row.name, realms: row.realms } : null;

  /** The person's Account Manager token, or FORBIDDEN with `message` (sign in with Salesforce). */
  async function requirePersonToken(userId: string, message: string): Promise<string> {
    const token = await accountManagerAccessToken(db, secrets, userId);
    if (!token) throw new DomainError('FORBIDDEN', message, 'account-manager-sign-in-needed');
    return token;
  }

  /** A call with the person's token: unreachable is UNAVAILABLE, a refused token asks to sign in again. */
  const asPerson = <T>(call: () => Promise<T>): Promise<T> =>
    callGateway(call, INSTANCE_MESSAGES.b2cUnavailable, 'b2c-unavailable').catch(signInAgainOn401);

  /** Account Manager refused the person's token (expired, revoked): they sign in again. */
  const signInAgainOn401 = (error: unknown): never => {
    if (error instanceof DomainError && error.cause instanceof B2CAuthError) {
      throw new DomainError(
        'FORBIDDEN',
        INSTANCE_MESSAGES.accountManagerSignInNeeded,
        'account-manager-sign-in-needed',
      );
    }
    throw error;
  };

  async function findApiClient(orgId: string, on: DbOrTx = db) {
    const [row] = await on.select().from(b2cApiClients).where(eq(b2cApiClients.orgId, orgId));
    return row ?? null;
  }

  return {
    b2cInstances: {
      async organizationStep(orgId, userId): Promise<OrganizationStep> {
        const org = await requireLinkRow(orgId);
        const base = {
          linked: linkOf(org),
          allowedHostSuffixes: [...b2c.allowedHostSuffixes],
        };
        const token = await accountManagerAccessToken(db, secrets, userId);
        if (!token) return { ...base, signIn: 'needed', choices: [], listable: false };
        const mine = await asPerson(() => b2c.personOrganizations(token));
        return { ...base, signIn: 'ok', choices: mine.organizations, listable: mine.listable };
      },

      async linkOrganization(orgId, userId, choice) {
        await requireOrg(db, orgId);
        const token = await requirePersonToken(userId, INSTANCE_MESSAGES.organizationSignInNeeded);
        const mine = await asPerson(() => b2c.personOrganizations(token));
        const found = mine.organizations.find((o) => o.id === choice.amOrganizationId);
        if (!found) {
          throw new DomainError(
            'INVALID',
            INSTANCE_MESSAGES.organizationNotYours,
            'organization-not-yours',
          );
        }
        // Realms as Account Manager names them where the person may read them, else as typed.
        // (An organization Account Manager shows with no realm links with none: nothing to list.)
        const realms = found.realms ?? choice.realms ?? [];
        if (found.realms === null && realms.length === 0) {
          throw new DomainError('INVALID', INSTANCE_MESSAGES.realmsNeeded, 'realms-needed');
        }
        const linked = { id: found.id, name: found.name, realms: [...new Set(realms)] };
        await changingInstances(orgId, () =>
          db
            .update(orgs)
            .set({
              amOrganizationId: linked.id,
              amOrganizationName: linked.name,
              amRealms: linked.realms,
            })
            .where(eq(orgs.id, orgId)),
        );
        return linked;
      },

      async sync(orgId, userId) {
        const org = await requireLinkRow(orgId);
        const linked = linkOf(org);
        if (!linked) {
          throw new DomainError(
            'INVALID',
            INSTANCE_MESSAGES.organizationNotLinked,
            'organization-not-linked',
          );
        }
        const token = await requirePersonToken(userId, INSTANCE_MESSAGES.instancesSignInNeeded);
        const discovered = await asPerson(() =>
          b2c.listInstances({ accountManagerToken: token, realms: linked.realms }),
        );
        // Instances that vanished from Account Manager are kept: an env may still point at one.
        await changingInstances(orgId, async () => {
          for (const found of discovered) await upsertDiscovered(orgId, found);
        });
        return list(orgId);
      },

      async setHost(orgId, instanceId, host) {
        const instance = await requireInstanceRow(orgId, instanceId);
        if (!b2c.isAllowedHost(host)) {
          throw new DomainError(
            'INVALID',
            INSTANCE_MESSAGES.hostNotAllowed(b2c.allowedHostSuffixes),
            'host-not-allowed',
          );
        }
        if (instance.onboarded && instance.host !== host) {
          throw new DomainError('CONFLICT', INSTANCE_MESSAGES.hostFixedOnceOnboarded, 'host-fixed');
        }
        if (instance.host !== host) {
          await changingInstances(orgId, () =>
            db
              .update(b2cInstances)
              .set({
                host,
                // Verified against another host: to verify again.
                ocapiDataSettingsVerified: false,
                ocapiShopSettingsVerified: false,
                webdavSettingsVerified: false,
              })
              .where(and(eq(b2cInstances.orgId, orgId), eq(b2cInstances.id, instance.id))),
          );
        }
        return get(orgId, instance.id);
      },

      async list(orgId) {
        await requireOrg(db, orgId);
        return list(orgId);
      },
      get,

      async verifyOnboarded(orgId, envId, instanceId): Promise<VerifyResult> {
        const instance = await requireInstanceRow(orgId, instanceId);
        const env = await findEnv(db, orgId, { id: envId });
        if (!env)
          throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.envNotInOrg, 'env-not-in-org');
        const client = await findApiClient(orgId);
        const missing = [
          ...(instance.host === null ? ['host name'] : []),
          ...(client ? [] : ['API client']),
          ...(instance.ocapiDataSettingsVerified ? [] : ['OCAPI Data settings']),
          ...(instance.ocapiShopSettingsVerified ? [] : ['OCAPI Shop settings']),
          ...(instance.webdavSettingsVerified ? [] : ['WebDAV settings']),
        ];
        if (missing.length > 0) {
          return { status: 'error', message: INSTANCE_MESSAGES.onboardingIncomplete(missing) };
        }
        await changingInstances(orgId, () =>
          db.transaction(async (tx) => {
            await tx
              .update(b2cInstances)
              .set({ onboarded: true })
              .where(eq(b2cInstances.id, instance.id));
            await tx
              .update(envs)
              .set({ b2cInstanceId: instance.id })
              .where(and(eq(envs.orgId, orgId), eq(envs.id, envId)));
          }),
        );
        return { status: 'ok' };
      },

      async clientsForEnv(orgId, envId) {
        const [row] = await db
          .select({ host: b2cInstances.host })
          .from(envs)
          .innerJoin(b2cInstances, eq(envs.b2cInstanceId, b2cInstances.id))
          .where(and(eq(envs.orgId, orgId), eq(envs.id, envId)));
        if (!row?.host) {
          throw new DomainError('UNAVAILABLE', PRODUCT_MESSAGES.noInstance, 'no-instance');
        }
        const host = row.host;
        const client = await findApiClient(orgId);
        if (!client) {
          throw new DomainError('UNAVAILABLE', INSTANCE_MESSAGES.apiClientMissing, 'no-instance');
        }
        const secret = readSecret(orgId, client.secretCiphertext);
        if (secret === null) {
          const message = client.secretCiphertext
            ? INSTANCE_MESSAGES.apiClientSecretUnreadable
            : INSTANCE_MESSAGES.apiClientSecretMissing;
          throw new DomainError('UNAVAILABLE', message, 'no-instance');
        }
        return b2c.instanceClients(host, { clientId: client.clientId, secret });
      },
    },

    b2cAPIClients: {
      async setup(orgId, userId): Promise<ApiClientSetup> {
        await requireOrg(db, orgId);
        const token = await accountManagerAccessToken(db, secrets, userId);
        if (!token) return { create: 'sign-in-needed' };
        // The token's roles decide which way the step goes; Account Manager still decides the call
        // (a 403 there is api-client-no-role too). No roles claim: let Account Manager answer.
        const roles = accountManagerTokenRoles(token);
        if (roles && !roles.some((role) => API_CLIENT_ADMIN_ROLES.includes(role))) {
          return { create: 'no-role' };
        }
        return { create: 'allowed' };
      },

      async paste(orgId, pasted): Promise<ApiClient> {
        await requireOrg(db, orgId);
        const values = {
          clientId: pasted.clientId,
          secretCiphertext: secrets.encrypt(pasted.secret, apiClientSecretContext(orgId)),
          // Its activation window starts now (verify).
          createdAt: new Date(),
        };
        await changingInstances(orgId, async () => {
          await db
            .insert(b2cApiClients)
            .values({ orgId, ...values })
            .onConflictDoUpdate({ target: b2cApiClients.orgId, set: values });
        });
        return { clientId: pasted.clientId, name: API_CLIENT_NAME };
      },

      async getOrCreate(orgId, userId): Promise<ApiClient> {
        await requireOrg(db, orgId);
        // One at a time per org, whichever process asks: a second caller must not create a second
        // client or store over the secret the first is storing. The lock is the database's (held
        // until the transaction ends), so it holds across server processes; the second caller then
        // finds the first one's secret.
        let wrote = false;
        try {
          return await db.transaction(async (tx) => {
            await tx.execute(
              sql`select pg_advisory_xact_lock(${API_CLIENT_LOCK}, hashtext(${orgId}))`,
            );
            const stored = await findApiClient(orgId, tx);
            if (stored && readSecret(orgId, stored.secretCiphertext) !== null) {
              return { clientId: stored.clientId, name: API_CLIENT_NAME };
            }
            // None stored, or stored without a secret Beacon can read (the database was reset, the
            // key changed): the person creates a new one in Account Manager with their own sign-in.
            // An older `Beacon` client stays there: Account Manager never shows its secret again and
            // sets a new one only given the old.
            // Through the transaction: on PGlite's one connection a query beside it waits for it to end.
            const accountManagerToken = await accountManagerAccessToken(tx, secrets, userId);
            if (!accountManagerToken) {
              throw new DomainError(
                'FORBIDDEN',
                INSTANCE_MESSAGES.accountManagerSignInNeeded,
                'account-manager-sign-in-needed',
              );
            }
            const [linked] = await tx
              .select({ id: orgs.amOrganizationId })
              .from(orgs)
              .where(eq(orgs.id, orgId));
            const ensured = await b2c
              .ensureApiClient({ orgId, amOrganizationId: linked?.id ?? null, accountManagerToken })
              .catch((error: unknown) => {
                throw apiClientError(error);
              });
            const values = {
              clientId: ensured.clientId,
              secretCiphertext: secrets.encrypt(ensured.secret, apiClientSecretContext(orgId)),
              createdAt: new Date(),
            };
            await tx
              .insert(b2cApiClients)
              .values({ orgId, ...values })
              .onConflictDoUpdate({ target: b2cApiClients.orgId, set: values });
            wrote = true;
            return { clientId: ensured.clientId, name: API_CLIENT_NAME };
          });
        } finally {
          if (wrote) cache.envsChanged(orgId);
        }
      },

      async verify(orgId, instanceId, capability): Promise<VerifyResult> {
        const instance = await requireInstanceRow(orgId, instanceId);
        if (instance.host === null) {
          throw new DomainError('INVALID', INSTANCE_MESSAGES.hostNeeded, 'host-needed');
        }
        const host = instance.host;
        const client = await findApiClient(orgId);
        if (!client) return { status: 'error', message: INSTANCE_MESSAGES.apiClientMissing };
        if (!client.secretCiphertext) {
          return { status: 'error', message: INSTANCE_MESSAGES.apiClientSecretMissing };
        }
        const secret = readSecret(orgId, client.secretCiphertext);
        if (secret === null) {
          return { status: 'error', message: INSTANCE_MESSAGES.apiClientSecretUnreadable };
        }
        let result: VerifyResult;
        try {
          // Bad credentials (401) and missing settings (403) come back as an error result.
          result = await b2c.verify({ host }, { clientId: client.clientId, secret }, capability);
        } catch (error) {
          // Anything else (unreachable, timeouts, 5xx, surprises) throws, so the client shows the
          // documented exception text (docs/product.md#onboarding); the flag is left as it was.
          throw new B2CVerifyError(capability, error);
        }
        // A client this new that Salesforce refuses is most likely not active yet: wait, do not fail.
        const until = client.createdAt.getTime() + API_CLIENT_ACTIVATION_MS;
        if (
          result.status === 'error' &&
          result.reason === 'bad-credentials' &&
          Date.now() < until
        ) {
          return {
            status: 'activating',
            message: INSTANCE_MESSAGES.apiClientActivating,
            retryInMs: Math.min(API_CLIENT_ACTIVATION_RETRY_MS, until - Date.now()),
            until,
          };
        }
        // A failed probe clears the flag too: the settings were changed since the last success.
        await changingInstances(orgId, () =>
          db
            .update(b2cInstances)
            .set({ [CAPABILITY[capability].verifiedFlag]: result.status === 'ok' })
            .where(eq(b2cInstances.id, instance.id)),
        );
        return result;
      },
    },
  };
}
