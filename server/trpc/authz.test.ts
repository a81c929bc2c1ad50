/**
 * The authorization walk: every procedure of the router is called with no session, as a signed-in
 * non-member and (when superuser-only) as a regular member. A procedure added without a sample here,
 * or without a guard, fails this suite.
 */
import { randomBytes } from 'node:crypto';
import { TRPCError, type AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/entities';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { openTestDatabase } from '../db/test-db';
import { seed } from '../seed';
import { SEED_ENVS, SEED_INSTANCES, SEED_ORGS, SEED_USERS } from '../seed-data';
import { createServices } from '../services';
import { createSecrets } from '../services/secrets';
import { fakeGateway } from '../services/test-support';
import type { Context } from './context';
import { appRouter } from './router';
import { createCallerFactory } from './trpc';

const acme = SEED_ORGS.acme.id;
const walkerEmail = 'walker@example.test';
let otherEmailToken = '';

type NonMemberOutcome =
  /** The org guard (or the service) refuses: FORBIDDEN. */
  | { forbidden: true }
  /** Takes no org: a signed-in non-member gets this (empty or no-membership) result. */
  | { result: (value: unknown) => void };

interface Sample {
  input: () => unknown;
  nonMember: NonMemberOutcome;
  superuserOnly?: true;
}

const forbidden = { forbidden: true } as const;

/** One entry per procedure path; the completeness test fails when one is missing. */
const SAMPLES: Record<string, Sample> = {
  'orgs.bestRedirectForUser': {
    input: () => ({ orgSlug: 'acme' }),
    nonMember: {
      result: (v) => expect(v).toEqual({ status: 'no-org-memberships', org: null, env: null }),
    },
  },
  'orgs.getContext': { input: () => ({ orgSlug: 'acme', envSlug: 'prod' }), nonMember: forbidden },
  'orgs.allOrgsForUser': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toEqual([]) },
  },
  'orgs.verify': { input: () => ({ orgId: acme }), nonMember: forbidden, superuserOnly: true },
  'orgs.create': {
    input: () => ({ name: 'Walk Org', slug: 'walk-org' }),
    nonMember: forbidden,
    superuserOnly: true,
  },
  'envs.list': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'envs.create': {
    input: () => ({ orgId: acme, name: 'Walk', slug: 'walk' }),
    nonMember: forbidden,
  },
  'users.list': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'users.remove': {
    input: () => ({ orgId: acme, userId: SEED_USERS.maya.id }),
    nonMember: forbidden,
  },
  'invitations.create': {
    input: () => ({ orgId: acme, email: 'someone@example.test' }),
    nonMember: forbidden,
  },
  'invitations.list': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'invitations.revoke': {
    input: () => ({ orgId: acme, invitationId: 'inv-1' }),
    nonMember: forbidden,
  },
  'prompts.list': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'prompts.create': {
    input: () => ({ orgId: acme, name: 'Walk prompt', text: 'Walk text' }),
    nonMember: forbidden,
  },
  'prompts.update': {
    input: () => ({ orgId: acme, promptId: 'prompt-1', name: 'Walk prompt', text: 'Walk text' }),
    nonMember: forbidden,
  },
  'prompts.delete': { input: () => ({ orgId: acme, promptId: 'prompt-1' }), nonMember: forbidden },
  /** Any signed-in user may present a token; one sent to another address is refused. */
  'invitations.accept': { input: () => ({ token: otherEmailToken }), nonMember: forbidden },
  'b2cInstances.sync': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'b2cInstances.list': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'b2cInstances.get': {
    input: () => ({ orgId: acme, instanceId: SEED_INSTANCES.acmeProd.id }),
    nonMember: forbidden,
  },
  'b2cInstances.verifyOnboarded': {
    input: () => ({ orgId: acme, envId: SEED_ENVS.acmeProd.id, id: SEED_INSTANCES.acmeProd.id }),
    nonMember: forbidden,
  },
  'b2cAPIClients.getOrCreate': { input: () => ({ orgId: acme }), nonMember: forbidden },
  'b2cAPIClients.verify': {
    input: () => ({
      orgId: acme,
      b2cInstanceId: SEED_INSTANCES.acmeProd.id,
      capability: 'ocapi-data',
    }),
    nonMember: forbidden,
  },
  /** Health for anyone signed in; it names no org and shows no org data. */
  'system.status': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toBeInstanceOf(Array) },
  },
};

const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const paths = Object.keys(procedures).sort();

let database: Database;
const { gateway } = fakeGateway();
let services: ReturnType<typeof createServices>;
let walker: SessionUser;

beforeAll(async () => {
  database = await openTestDatabase();
  const secrets = createSecrets(randomBytes(32));
  await seed(database.db, { secrets });
  services = createServices({ db: database.db, b2c: gateway, secrets });
  // The walker: signed in, member of no org.
  walker = { id: 'user_walker', name: 'Walker', email: walkerEmail, isSuperUser: false };
  await database.db.insert(users).values(walker);
  const invitation = await services.invitations.create(
    SEED_USERS.maya,
    acme,
    'invitee@example.test',
  );
  otherEmailToken = invitation.token;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

function call(user: SessionUser | null, path: string, input: unknown): Promise<unknown> {
  const ctx: Context = { user, services, requestId: 'authz-walk' };
  const caller = createCallerFactory(appRouter)(ctx) as unknown as Record<string, unknown>;
  const fn = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (fn as (input: unknown) => Promise<unknown>)(input);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

describe('authorization walk', () => {
  it('has a sample for every procedure, and no sample for a procedure that is gone', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !(p in SAMPLES))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((p) => !paths.includes(p))).toEqual([]);
  });

  describe.each(paths)('%s', (path) => {
    const sample = () => {
      const s = SAMPLES[path];
      if (!s) throw new Error(`No sample for ${path}: add one to SAMPLES.`);
      return s;
    };

    it('no session → UNAUTHORIZED, whatever the input', async () => {
      expect(await codeOf(call(null, path, sample().input()))).toBe('UNAUTHORIZED');
      expect(await codeOf(call(null, path, { junk: true }))).toBe('UNAUTHORIZED');
      expect(await codeOf(call(null, path, undefined))).toBe('UNAUTHORIZED');
    });

    it('signed in, member of no org → FORBIDDEN, or an empty result for org-less procedures', async () => {
      const { nonMember, input } = sample();
      if ('forbidden' in nonMember) {
        expect(await codeOf(call(walker, path, input()))).toBe('FORBIDDEN');
      } else {
        nonMember.result(await call(walker, path, input()));
      }
    });

    it('superuser-only → FORBIDDEN for a regular member of the org', async () => {
      const { superuserOnly, input } = sample();
      if (!superuserOnly) return;
      expect(await codeOf(call(SEED_USERS.maya, path, input()))).toBe('FORBIDDEN');
    });
  });

  it('the walk reached no outside system and changed nothing', async () => {
    expect(gateway.listInstances).not.toHaveBeenCalled();
    expect(gateway.ensureApiClient).not.toHaveBeenCalled();
    expect(gateway.verify).not.toHaveBeenCalled();
    expect((await services.users.list(acme)).map((m) => m.userId).sort()).toEqual(
      [SEED_USERS.ada.id, SEED_USERS.maya.id].sort(),
    );
    expect((await services.orgs.getContext(SEED_USERS.ada, 'acme', 'prod')).org.verified).toBe(
      true,
    );
    expect((await services.envs.list(acme)).map((e) => e.slug)).toEqual(['prod', 'staging']);
  });

  it('members and superusers pass the org guard (read-only queries)', async () => {
    const queries = paths.filter(
      (p) => procedures[p]!._def.type === 'query' && 'forbidden' in SAMPLES[p]!.nonMember,
    );
    expect(queries.length).toBeGreaterThan(3);
    for (const path of queries) {
      // Maya is a member of acme; Ada is a superuser (and a member). Both pass the guard.
      expect(await codeOf(call(SEED_USERS.maya, path, SAMPLES[path]!.input())), path).toBe('OK');
    }
    const globex = { orgId: SEED_ORGS.globex.id };
    expect(await codeOf(call(SEED_USERS.ada, 'envs.list', globex))).toBe('OK');
    expect(await codeOf(call(SEED_USERS.sam, 'envs.list', globex))).toBe('FORBIDDEN');
  });
});
