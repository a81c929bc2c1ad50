import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { b2cApiClients, b2cInstances, envs } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { DiscoveredInstance } from '~/server/integrations/b2c/gateway';
import { createServices } from '~/server/services';
import { B2CAuthError, B2CPermissionError } from '~/server/integrations/b2c/errors';
import {
  addEnv,
  domainError,
  makeOrg,
  makeUser,
  linkedToAccountManager,
  signedInToAccountManager,
  testServices,
  uniq,
} from '~/server/test-support';
import {
  API_CLIENT_ACTIVATION_MS,
  API_CLIENT_ACTIVATION_RETRY_MS,
  apiClientSecretContext,
} from './service';

const discovered = (n: number, over: Partial<DiscoveredInstance> = {}): DiscoveredInstance => ({
  externalInstanceId: `ext-${n}`,
  instanceId: `zzte_00${n}`,
  host: `zzte-00${n}.dx.commercecloud.salesforce.com`,
  tenantType: 'sandbox',
  ...over,
});

describeEachDriver('b2c services', (get) => {
  const db = () => get().db;

  /** An org with two synced instances, an env, and the test harness. */
  async function onboardingOrg() {
    const harness = testServices(db());
    const owner = await makeUser(db());
    const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
    const env = await addEnv(db(), org.id, 'prod');
    const amToken = await signedInToAccountManager(db(), harness.secrets, owner.id);
    await linkedToAccountManager(db(), org.id);
    harness.state.instances = [discovered(2), discovered(1)];
    const instances = await harness.services.b2cInstances.sync(org.id, owner.id);
    return { ...harness, owner, org, env, instances, amToken };
  }

  describe('b2cInstances', () => {
    it('sync: upserts what the gateway lists and returns the org’s instances', async () => {
      const { services, state, gateway, org, owner, instances, amToken } = await onboardingOrg();
      expect(gateway.listInstances).toHaveBeenCalledWith({
        accountManagerToken: amToken,
        realms: ['zzte'],
      });
      expect(instances.map((i) => i.instanceId)).toEqual(['zzte_001', 'zzte_002']);
      expect(instances[0]).toEqual({
        id: expect.any(String),
        instanceId: 'zzte_001',
        externalInstanceId: 'ext-1',
        host: 'zzte-001.dx.commercecloud.salesforce.com',
        baseUrl: 'https://zzte-001.dx.commercecloud.salesforce.com',
        tenantType: 'sandbox',
        apiClient: null,
        ocapiDataSettingsVerified: false,
        ocapiShopSettingsVerified: false,
        webdavSettingsVerified: false,
        onboarded: false,
      });

      // A second sync updates in place (same ids, verified flags kept) and keeps vanished instances.
      await db()
        .update(b2cInstances)
        .set({ ocapiDataSettingsVerified: true })
        .where(eq(b2cInstances.id, instances[0]!.id));
      state.instances = [discovered(1, { host: 'new-host.example.test', tenantType: 'staging' })];
      const again = await services.b2cInstances.sync(org.id, owner.id);
      expect(again.map((i) => i.id)).toEqual(instances.map((i) => i.id));
      expect(again[0]).toMatchObject({
        host: 'new-host.example.test',
        tenantType: 'staging',
        ocapiDataSettingsVerified: true,
      });
    });

    it('sync: the same external instance in two orgs makes two rows; each org sees its own', async () => {
      const { services, state, org, owner } = await onboardingOrg();
      const other = await makeOrg(db());
      await linkedToAccountManager(db(), other.id);
      state.instances = [discovered(1)];
      const theirs = await services.b2cInstances.sync(other.id, owner.id);
      expect(theirs).toHaveLength(1);
      const mine = await services.b2cInstances.list(org.id);
      expect(mine).toHaveLength(2);
      expect(mine.map((i) => i.id)).not.toContain(theirs[0]!.id);
    });

    it('sync: a gateway failure is UNAVAILABLE with an actionable message; list still answers', async () => {
      const { services, gateway, org, owner } = await onboardingOrg();
      gateway.listInstances.mockRejectedValueOnce(new Error('ECONNREFUSED'));
      const error = await domainError(services.b2cInstances.sync(org.id, owner.id));
      expect(error).toMatchObject({ kind: 'UNAVAILABLE', reason: 'b2c-unavailable' });
      expect(error.message).toBe(INSTANCE_MESSAGES.b2cUnavailable);
      expect(await services.b2cInstances.list(org.id)).toHaveLength(2);
    });

    it('list: read only (never calls the gateway); empty for an org with none', async () => {
      const { services, gateway } = testServices(db());
      const org = await makeOrg(db());
      expect(await services.b2cInstances.list(org.id)).toEqual([]);
      expect(gateway.listInstances).not.toHaveBeenCalled();
      expect(await domainError(services.b2cInstances.list('missing'))).toMatchObject({
        kind: 'NOT_FOUND',
      });
    });

    it('setHost: a tenant listed without a host gets one on an allowed domain; a changed host must be verified again; an onboarded one keeps its host', async () => {
      const { services, state, org, owner } = await onboardingOrg();
      state.instances = [discovered(3, { host: null, tenantType: 'production' })];
      const [, , hostless] = await services.b2cInstances.sync(org.id, owner.id);
      expect(hostless).toMatchObject({ instanceId: 'zzte_003', host: null, baseUrl: null });

      const refused = await domainError(
        services.b2cInstances.setHost(org.id, hostless!.id, 'shop.example.com'),
      );
      expect(refused).toMatchObject({ kind: 'INVALID', reason: 'host-not-allowed' });
      expect(refused.message).toBe(
        INSTANCE_MESSAGES.hostNotAllowed(['.commercecloud.salesforce.com', '.demandware.net']),
      );
      expect((await services.b2cInstances.get(org.id, hostless!.id)).host).toBeNull();

      const saved = await services.b2cInstances.setHost(
        org.id,
        hostless!.id,
        'production-eu01-zzte.demandware.net',
      );
      expect(saved).toMatchObject({
        host: 'production-eu01-zzte.demandware.net',
        baseUrl: 'https://production-eu01-zzte.demandware.net',
      });
      await db()
        .update(b2cInstances)
        .set({ ocapiDataSettingsVerified: true })
        .where(eq(b2cInstances.id, hostless!.id));
      // Another host: what was verified was verified against the old one.
      expect(
        await services.b2cInstances.setHost(
          org.id,
          hostless!.id,
          'staging-eu01-zzte.demandware.net',
        ),
      ).toMatchObject({ ocapiDataSettingsVerified: false });
      // Account Manager still names no host: the next sync keeps the typed one.
      await services.b2cInstances.sync(org.id, owner.id);
      expect((await services.b2cInstances.get(org.id, hostless!.id)).host).toBe(
        'staging-eu01-zzte.demandware.net',
      );

      await db()
        .update(b2cInstances)
        .set({ onboarded: true })
        .where(eq(b2cInstances.id, hostless!.id));
      expect(
        await domainError(
          services.b2cInstances.setHost(
            org.id,
            hostless!.id,
            'production-eu01-zzte.demandware.net',
          ),
        ),
      ).toMatchObject({ kind: 'CONFLICT', reason: 'host-fixed' });
    });

    it('get: by id or by realm instance id; NOT_FOUND for another org’s instance', async () => {
      const { services, org, instances } = await onboardingOrg();
      const first = instances[0]!;
      expect(await services.b2cInstances.get(org.id, first.id)).toEqual(first);
      // The realm's instance name is not a row id.
      expect((await domainError(services.b2cInstances.get(org.id, 'zzte_001'))).kind).toBe(
        'NOT_FOUND',
      );
      const other = await makeOrg(db());
      const error = await domainError(services.b2cInstances.get(other.id, first.id));
      expect(error).toMatchObject({ kind: 'NOT_FOUND', reason: 'instance-not-found' });
    });
  });

  describe('b2cAPIClients', () => {
    it('getOrCreate: creates once through the gateway with the person’s Account Manager sign-in, stores the secret encrypted, never returns it', async () => {
      const { services, gateway, state, secrets, org, owner, amToken } = await onboardingOrg();
      state.apiClient = { clientId: 'abc-client', secret: 'top-secret-value' };
      const created = await services.b2cAPIClients.getOrCreate(org.id, owner.id);
      // In the org's linked Account Manager organization.
      expect(gateway.ensureApiClient).toHaveBeenCalledWith({
        orgId: org.id,
        amOrganizationId: `am-org-${org.id}`,
        accountManagerToken: amToken,
      });
      expect(created).toEqual({ clientId: 'abc-client', name: API_CLIENT_NAME });
      expect(JSON.stringify(created)).not.toContain('top-secret-value');
      const [row] = await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, org.id));
      expect(row?.secretCiphertext).toBeTruthy();
      expect(row?.secretCiphertext).not.toContain('top-secret-value');
      expect(secrets.decrypt(row!.secretCiphertext!, apiClientSecretContext(org.id))).toBe(
        'top-secret-value',
      );

      expect(await services.b2cAPIClients.getOrCreate(org.id, owner.id)).toEqual(created);
      expect(gateway.ensureApiClient).toHaveBeenCalledTimes(1);
      const [instance] = await services.b2cInstances.list(org.id);
      expect(instance?.apiClient).toEqual({ clientId: 'abc-client' });
      expect(JSON.stringify(await services.b2cInstances.list(org.id))).not.toContain('secret');
    });

    it('getOrCreate: without a live Account Manager sign-in, asks for one and calls nothing', async () => {
      const { services, gateway, org, secrets } = await onboardingOrg();
      const googleUser = await makeUser(db());
      const expired = await makeUser(db());
      await signedInToAccountManager(db(), secrets, expired.id, 'old-token', -10);
      for (const user of [googleUser, expired]) {
        expect(
          await domainError(services.b2cAPIClients.getOrCreate(org.id, user.id)),
        ).toMatchObject({
          kind: 'FORBIDDEN',
          reason: 'account-manager-sign-in-needed',
          message: INSTANCE_MESSAGES.accountManagerSignInNeeded,
        });
      }
      expect(gateway.ensureApiClient).not.toHaveBeenCalled();
    });

    it('getOrCreate: Account Manager refusing the person says which role is missing, or to sign in again', async () => {
      const { services, gateway, org, owner } = await onboardingOrg();
      const call = { api: 'account-manager' as const, method: 'POST', resource: '/apiclients' };
      gateway.ensureApiClient.mockRejectedValueOnce(
        new B2CPermissionError('forbidden', call, null, null),
      );
      expect(await domainError(services.b2cAPIClients.getOrCreate(org.id, owner.id))).toMatchObject(
        {
          kind: 'FORBIDDEN',
          reason: 'api-client-no-role',
          message: INSTANCE_MESSAGES.apiClientNoRole,
        },
      );
      gateway.ensureApiClient.mockRejectedValueOnce(new B2CAuthError('unauthorized', call));
      expect(await domainError(services.b2cAPIClients.getOrCreate(org.id, owner.id))).toMatchObject(
        { kind: 'FORBIDDEN', reason: 'account-manager-sign-in-needed' },
      );
    });

    /** A JWT as Account Manager issues them, with these roles in its `roles` claim. */
    const tokenWithRoles = (roles: string[] | undefined) =>
      [{ alg: 'HS256' }, { sub: 'u', ...(roles ? { roles } : {}) }, 'sig']
        .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
        .join('.');

    it('setup: the token’s roles decide whether Beacon creates the client or the person pastes one', async () => {
      const { services, org, secrets } = await onboardingOrg();
      const cases = [
        [['AM_API_ADMIN', 'ECOM_USER'], 'allowed'],
        [['AM_ACCOUNT_ADMIN'], 'allowed'],
        [['ECOM_USER'], 'no-role'],
        [[], 'no-role'],
        // No roles claim: Account Manager answers the create call (its 403 is no-role too).
        [undefined, 'allowed'],
      ] as const;
      for (const [roles, create] of cases) {
        const user = await makeUser(db());
        await signedInToAccountManager(
          db(),
          secrets,
          user.id,
          tokenWithRoles(roles ? [...roles] : undefined),
        );
        expect(await services.b2cAPIClients.setup(org.id, user.id), String(roles)).toEqual({
          create,
        });
      }
      const googleUser = await makeUser(db());
      expect(await services.b2cAPIClients.setup(org.id, googleUser.id)).toEqual({
        create: 'sign-in-needed',
      });
    });

    it('paste: stores the pasted client with its secret encrypted at once, returns no secret, and replaces what was stored', async () => {
      const { services, gateway, secrets, org } = await onboardingOrg();
      await services.b2cAPIClients.paste(org.id, {
        clientId: 'pasted-before',
        secret: 'pasted-before-secret',
      });
      const pasted = await services.b2cAPIClients.paste(org.id, {
        clientId: 'pasted-client',
        secret: 'pasted-secret-value',
      });
      expect(pasted).toEqual({ clientId: 'pasted-client', name: API_CLIENT_NAME });
      const [row] = await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, org.id));
      expect(row!.clientId).toBe('pasted-client');
      expect(row!.secretCiphertext).not.toContain('pasted-secret-value');
      expect(secrets.decrypt(row!.secretCiphertext!, apiClientSecretContext(org.id))).toBe(
        'pasted-secret-value',
      );
      // Account Manager was not called for it.
      expect(gateway.ensureApiClient).not.toHaveBeenCalled();
      expect(JSON.stringify(await services.b2cInstances.list(org.id))).not.toContain(
        'pasted-secret-value',
      );
    });

    it('verify: a client Salesforce refuses within minutes of its creation is activating (retry, time left); later it is an error', async () => {
      const { services, gateway, org, instances } = await onboardingOrg();
      const instance = instances[0]!;
      await services.b2cAPIClients.paste(org.id, {
        clientId: 'new-client',
        secret: 'new-secret-value',
      });
      const refused = {
        status: 'error' as const,
        message: 'The API client id or secret is wrong',
        reason: 'bad-credentials' as const,
      };
      gateway.verify.mockResolvedValueOnce(refused);
      const before = Date.now();
      const result = await services.b2cAPIClients.verify(org.id, instance.id, 'ocapi-data');
      expect(result).toMatchObject({
        status: 'activating',
        message: INSTANCE_MESSAGES.apiClientActivating,
        retryInMs: API_CLIENT_ACTIVATION_RETRY_MS,
      });
      const until = (result as { until: number }).until;
      expect(until).toBeGreaterThan(before + API_CLIENT_ACTIVATION_MS - 5_000);
      expect(until).toBeLessThanOrEqual(Date.now() + API_CLIENT_ACTIVATION_MS);

      // Created long ago: the refusal is the answer.
      await db()
        .update(b2cApiClients)
        .set({ createdAt: new Date(Date.now() - API_CLIENT_ACTIVATION_MS - 1000) })
        .where(eq(b2cApiClients.orgId, org.id));
      gateway.verify.mockResolvedValueOnce(refused);
      expect(await services.b2cAPIClients.verify(org.id, instance.id, 'ocapi-data')).toEqual(
        refused,
      );
    });

    it('getOrCreate: a gateway failure gives the documented message', async () => {
      const { services, gateway, org, owner } = await onboardingOrg();
      gateway.ensureApiClient.mockRejectedValueOnce(new Error('500 from Account Manager'));
      const error = await domainError(services.b2cAPIClients.getOrCreate(org.id, owner.id));
      expect(error).toMatchObject({ kind: 'UNAVAILABLE', reason: 'api-client-create-failed' });
      expect(error.message).toBe(
        'Could not create API Client. Please contact the team at support.',
      );
      expect(
        await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, org.id)),
      ).toEqual([]);
    });

    it('verify: decrypts the secret for the gateway and sets or clears the matching flag', async () => {
      const { services, gateway, state, org, instances, owner } = await onboardingOrg();
      const instance = instances[0]!;
      state.apiClient = { clientId: 'cid', secret: 'shh' };
      await services.b2cAPIClients.getOrCreate(org.id, owner.id);

      expect(await services.b2cAPIClients.verify(org.id, instance.id, 'ocapi-shop')).toEqual({
        status: 'ok',
      });
      expect(gateway.verify).toHaveBeenCalledWith(
        { host: instance.host },
        { clientId: 'cid', secret: 'shh' },
        'ocapi-shop',
      );
      let now = await services.b2cInstances.get(org.id, instance.id);
      expect(now).toMatchObject({
        ocapiShopSettingsVerified: true,
        ocapiDataSettingsVerified: false,
        webdavSettingsVerified: false,
      });

      gateway.verify.mockResolvedValueOnce({
        status: 'error',
        message: 'Add the OCAPI Shop config.',
      });
      expect(await services.b2cAPIClients.verify(org.id, instance.id, 'ocapi-shop')).toEqual({
        status: 'error',
        message: 'Add the OCAPI Shop config.',
      });
      now = await services.b2cInstances.get(org.id, instance.id);
      expect(now.ocapiShopSettingsVerified).toBe(false);

      for (const capability of ['ocapi-data', 'webdav'] as const) {
        await services.b2cAPIClients.verify(org.id, instance.id, capability);
      }
      now = await services.b2cInstances.get(org.id, instance.id);
      expect(now).toMatchObject({ ocapiDataSettingsVerified: true, webdavSettingsVerified: true });
    });

    it('getOrCreate: concurrent calls create the client once', async () => {
      const { services, gateway, org, owner } = await onboardingOrg();
      const [a, b] = await Promise.all([
        services.b2cAPIClients.getOrCreate(org.id, owner.id),
        services.b2cAPIClients.getOrCreate(org.id, owner.id),
      ]);
      expect(a).toEqual(b);
      expect(gateway.ensureApiClient).toHaveBeenCalledTimes(1);
    });

    it('getOrCreate: two processes asking at once ask Account Manager once, and store the secret it holds', async () => {
      const { services, gateway, state, secrets, org, owner } = await onboardingOrg();
      // A second process: its own services (and in-memory state) on the same database and key.
      const other = createServices({ db: db(), b2c: gateway, secrets });
      let rotations = 0;
      gateway.ensureApiClient.mockImplementation(async () => {
        // Each call gives the client a new secret in Account Manager, then answers a little later.
        rotations += 1;
        const credentials = { clientId: 'client-1', secret: `secret-${rotations}` };
        state.apiClient = credentials;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return credentials;
      });
      const [a, b] = await Promise.all([
        services.b2cAPIClients.getOrCreate(org.id, owner.id),
        other.b2cAPIClients.getOrCreate(org.id, owner.id),
      ]);
      expect(a).toEqual(b);
      expect(gateway.ensureApiClient).toHaveBeenCalledTimes(1);
      const [row] = await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, org.id));
      expect(secrets.decrypt(row!.secretCiphertext!, apiClientSecretContext(org.id))).toBe(
        state.apiClient.secret,
      );
    });

    it('getOrCreate: a stored client without a readable secret is replaced by a new one from the gateway', async () => {
      const { services, gateway, state, secrets, org, instances, owner } = await onboardingOrg();
      const stored = async () =>
        (await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, org.id)))[0];
      // As stored by an older Beacon: the client existed, no secret.
      await db().insert(b2cApiClients).values({ orgId: org.id, clientId: 'existing' });
      expect(await services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav')).toEqual({
        status: 'error',
        message: INSTANCE_MESSAGES.apiClientSecretMissing,
      });

      state.apiClient = { clientId: 'replacement', secret: 'rotated-secret' };
      expect(await services.b2cAPIClients.getOrCreate(org.id, owner.id)).toEqual({
        clientId: 'replacement',
        name: API_CLIENT_NAME,
      });
      expect(gateway.ensureApiClient).toHaveBeenCalledTimes(1);
      const row = await stored();
      expect(secrets.decrypt(row!.secretCiphertext!, apiClientSecretContext(org.id))).toBe(
        'rotated-secret',
      );
      await services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav');
      expect(gateway.verify).toHaveBeenLastCalledWith(
        { host: instances[0]!.host },
        { clientId: 'replacement', secret: 'rotated-secret' },
        'webdav',
      );

      // A secret stored under another key is replaced the same way.
      await db()
        .update(b2cApiClients)
        .set({ secretCiphertext: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
        .where(eq(b2cApiClients.orgId, org.id));
      state.apiClient = { clientId: 'replacement-2', secret: 'rotated-again' };
      await services.b2cAPIClients.getOrCreate(org.id, owner.id);
      expect(gateway.ensureApiClient).toHaveBeenCalledTimes(2);
      expect(
        secrets.decrypt((await stored())!.secretCiphertext!, apiClientSecretContext(org.id)),
      ).toBe('rotated-again');
    });

    it('verify: an unexpected gateway failure throws UNAVAILABLE with the documented text; flags kept', async () => {
      const { services, gateway, org, instances, owner } = await onboardingOrg();
      await services.b2cAPIClients.getOrCreate(org.id, owner.id);
      await services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav');
      const cause = new Error('socket hang up');
      gateway.verify.mockRejectedValueOnce(cause);
      const error = await domainError(
        services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav'),
      );
      expect(error).toMatchObject({
        kind: 'UNAVAILABLE',
        reason: 'verify-failed',
        message: INSTANCE_MESSAGES.verifyException('webdav'),
        cause,
      });
      expect(
        (await services.b2cInstances.get(org.id, instances[0]!.id)).webdavSettingsVerified,
      ).toBe(true);
    });

    it('verify: no API client, no stored secret or an unreadable one is an error result; unknown instance NOT_FOUND', async () => {
      const { services, gateway, org, instances } = await onboardingOrg();
      expect(await services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav')).toEqual({
        status: 'error',
        message: INSTANCE_MESSAGES.apiClientMissing,
      });
      await db().insert(b2cApiClients).values({ orgId: org.id, clientId: 'existing' });
      expect(await services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav')).toEqual({
        status: 'error',
        message: INSTANCE_MESSAGES.apiClientSecretMissing,
      });
      await db()
        .update(b2cApiClients)
        .set({ secretCiphertext: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
        .where(eq(b2cApiClients.orgId, org.id));
      expect(await services.b2cAPIClients.verify(org.id, instances[0]!.id, 'webdav')).toEqual({
        status: 'error',
        message: INSTANCE_MESSAGES.apiClientSecretUnreadable,
      });
      expect(gateway.verify).not.toHaveBeenCalled();
      const other = await makeOrg(db());
      expect(
        await domainError(services.b2cAPIClients.verify(other.id, instances[0]!.id, 'webdav')),
      ).toMatchObject({ kind: 'NOT_FOUND', reason: 'instance-not-found' });
    });
  });

  describe('verifyOnboarded', () => {
    it('error (naming what is missing) until the API client and all three flags are set', async () => {
      const { services, gateway, org, env, instances, owner } = await onboardingOrg();
      const id = instances[0]!.id;
      let result = await services.b2cInstances.verifyOnboarded(org.id, env.id, id);
      expect(result).toEqual({
        status: 'error',
        message: INSTANCE_MESSAGES.onboardingIncomplete([
          'API client',
          'OCAPI Data settings',
          'OCAPI Shop settings',
          'WebDAV settings',
        ]),
      });
      await services.b2cAPIClients.getOrCreate(org.id, owner.id);
      await services.b2cAPIClients.verify(org.id, id, 'ocapi-data');
      gateway.verify.mockResolvedValueOnce({ status: 'error' });
      await services.b2cAPIClients.verify(org.id, id, 'ocapi-shop');
      await services.b2cAPIClients.verify(org.id, id, 'webdav');
      result = await services.b2cInstances.verifyOnboarded(org.id, env.id, id);
      expect(result).toEqual({
        status: 'error',
        message: INSTANCE_MESSAGES.onboardingIncomplete(['OCAPI Shop settings']),
      });
      expect((await services.b2cInstances.get(org.id, id)).onboarded).toBe(false);
    });

    it('ok: marks the instance onboarded and links the env; best redirect then picks that env', async () => {
      const { services, owner, org, env, instances } = await onboardingOrg();
      await addEnv(db(), org.id, 'aaa-first-by-slug');
      const id = instances[1]!.id;
      await services.b2cAPIClients.getOrCreate(org.id, owner.id);
      for (const c of ['ocapi-data', 'ocapi-shop', 'webdav'] as const) {
        await services.b2cAPIClients.verify(org.id, id, c);
      }
      expect(await services.b2cInstances.verifyOnboarded(org.id, env.id, id)).toEqual({
        status: 'ok',
      });
      expect((await services.b2cInstances.get(org.id, id)).onboarded).toBe(true);
      const [row] = await db().select().from(envs).where(eq(envs.id, env.id));
      expect(row?.b2cInstanceId).toBe(id);
      const redirect = await services.orgs.bestRedirectForUser(owner, org.slug);
      expect(redirect.env).toEqual({
        id: env.id,
        slug: 'prod',
        name: 'PROD',
        b2cInstance: { id, instanceId: 'zzte_002', onboarded: true },
      });
    });

    it('NOT_FOUND for an env or instance of another org', async () => {
      const { services, org, env, instances } = await onboardingOrg();
      const other = await makeOrg(db());
      const otherEnv = await addEnv(db(), other.id, uniq('env'));
      expect(
        await domainError(
          services.b2cInstances.verifyOnboarded(org.id, otherEnv.id, instances[0]!.id),
        ),
      ).toMatchObject({ kind: 'NOT_FOUND', reason: 'env-not-in-org' });
      expect(
        await domainError(
          services.b2cInstances.verifyOnboarded(other.id, env.id, instances[0]!.id),
        ),
      ).toMatchObject({ kind: 'NOT_FOUND', reason: 'instance-not-found' });
    });
  });
});
