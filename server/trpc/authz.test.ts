/**
 * The authorization walk: every procedure of the router is called with no session, as a signed-in
 * non-member and (when superuser-only) as a regular member. A procedure added without a sample here,
 * or without a guard, fails this suite.
 *
 * The non-member rule is read from the procedure itself, not from the samples: an input that requires
 * an `orgId` or `orgSlug` names an org, so a signed-in non-member must get FORBIDDEN (the documented
 * contract: `orgProcedure` answers FORBIDDEN, and `orgs.getContext` answers FORBIDDEN for a missing org
 * too, so org slugs are not probed). A new procedure that takes an orgId but forgot `orgProcedure`
 * fails here whatever its sample says. Only procedures that name no org state their outcome by hand.
 */
import { randomBytes } from 'node:crypto';
import { TRPCError, type AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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
  /** Refused although the input names no org (e.g. an invitation sent to someone else). */
  | { forbidden: true }
  /** The result a signed-in non-member gets (empty, no-membership, or org-free data). */
  | { result: (value: unknown) => void | Promise<void> };

interface Sample {
  /** A valid input; for org-scoped procedures the walk points its org at acme. */
  input: () => unknown;
  /** Only for procedures whose input requires no org; the org-scoped ones are FORBIDDEN by rule. */
  nonMember?: NonMemberOutcome;
  superuserOnly?: true;
}

const forbidden = { forbidden: true } as const;

/** One entry per procedure path; the completeness test fails when one is missing. */
const SAMPLES: Record<string, Sample> = {
  /** The org slug is a preference: a non-member asking for acme lands where they belong (nowhere). */
  'orgs.bestRedirectForUser': {
    input: () => ({ orgSlug: 'acme' }),
    nonMember: {
      result: (v) => expect(v).toEqual({ status: 'no-org-memberships', org: null, env: null }),
    },
  },
  'orgs.getContext': { input: () => ({ orgSlug: 'acme', envSlug: 'prod' }) },
  'orgs.allOrgsForUser': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toEqual([]) },
  },
  'orgs.verify': { input: () => ({ orgId: acme }), superuserOnly: true },
  'orgs.create': {
    input: () => ({ name: 'Walk Org', slug: 'walk-org' }),
    nonMember: forbidden,
    superuserOnly: true,
  },
  'envs.list': { input: () => ({ orgId: acme }) },
  'envs.create': { input: () => ({ orgId: acme, name: 'Walk', slug: 'walk' }) },
  'users.list': { input: () => ({ orgId: acme }) },
  'users.remove': { input: () => ({ orgId: acme, userId: SEED_USERS.maya.id }) },
  'invitations.create': { input: () => ({ orgId: acme, email: 'someone@example.test' }) },
  'invitations.list': { input: () => ({ orgId: acme }) },
  'invitations.revoke': { input: () => ({ orgId: acme, invitationId: 'inv-1' }) },
  'prompts.list': { input: () => ({ orgId: acme }) },
  'prompts.create': { input: () => ({ orgId: acme, name: 'Walk prompt', text: 'Walk text' }) },
  'prompts.update': {
    input: () => ({ orgId: acme, promptId: 'prompt-1', name: 'Walk prompt', text: 'Walk text' }),
  },
  'prompts.delete': { input: () => ({ orgId: acme, promptId: 'prompt-1' }) },
  /** Any signed-in user may present a token; one sent to another address is refused. */
  'invitations.accept': { input: () => ({ token: otherEmailToken }), nonMember: forbidden },
  'b2cInstances.sync': { input: () => ({ orgId: acme }) },
  'b2cInstances.list': { input: () => ({ orgId: acme }) },
  'b2cInstances.get': { input: () => ({ orgId: acme, instanceId: SEED_INSTANCES.acmeProd.id }) },
  'b2cInstances.verifyOnboarded': {
    input: () => ({ orgId: acme, envId: SEED_ENVS.acmeProd.id, id: SEED_INSTANCES.acmeProd.id }),
  },
  'b2cAPIClients.getOrCreate': { input: () => ({ orgId: acme }) },
  'b2cAPIClients.verify': {
    input: () => ({
      orgId: acme,
      b2cInstanceId: SEED_INSTANCES.acmeProd.id,
      capability: 'ocapi-data',
    }),
  },
  /** Health for anyone signed in; it names no org and shows no org data. */
  'system.status': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toBeInstanceOf(Array) },
  },
  /** The same report over /ws: the first event is the report. */
  'system.statusUpdates': {
    input: () => undefined,
    nonMember: {
      result: async (v) => {
        const updates = (v as AsyncIterable<unknown>)[Symbol.asyncIterator]();
        const first = await updates.next();
        await updates.return?.();
        expect(first.value).toBeInstanceOf(Array);
      },
    },
  },
};

const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const paths = Object.keys(procedures).sort();

const ORG_KEYS = ['orgId', 'orgSlug'] as const;
type OrgKey = (typeof ORG_KEYS)[number];

interface ZodInternals {
  _zod?: {
    optin?: string;
    def?: { type?: string; shape?: Record<string, ZodInternals>; innerType?: ZodInternals };
  };
}

/**
 * The org keys a procedure's input requires, read from its zod schemas (classic or mini): an object
 * with a non-optional `orgId`/`orgSlug`, directly or inside a required wrapper.
 */
function requiredOrgKeys(path: string): OrgKey[] {
  const keys = new Set<OrgKey>();
  for (const parser of procedures[path]!._def.inputs as ZodInternals[]) {
    let schema: ZodInternals | undefined = parser;
    // readonly/nonoptional/catch wrap without making the input optional.
    while (schema?._zod?.def?.innerType && schema._zod.optin !== 'optional')
      schema = schema._zod.def.innerType;
    if (schema?._zod?.optin === 'optional') continue;
    const shape = schema?._zod?.def?.type === 'object' ? schema._zod.def.shape : undefined;
    for (const key of ORG_KEYS) {
      const field = shape?.[key];
      if (field && field._zod?.optin !== 'optional') keys.add(key);
    }
  }
  return [...keys];
}

/** Procedures whose input names an org: a signed-in non-member must be refused. */
const orgScoped = paths.filter((p) => requiredOrgKeys(p).length > 0);

/** The sample input with its org pointed at acme, which the walker is no member of. */
function nonMemberInput(path: string): unknown {
  const input = SAMPLES[path]!.input();
  const org = { orgId: acme, orgSlug: SEED_ORGS.acme.slug };
  const keys = requiredOrgKeys(path);
  return keys.length === 0
    ? input
    : { ...(input as object), ...Object.fromEntries(keys.map((k) => [k, org[k]])) };
}

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

  it('finds the org-scoped procedures from their input schemas', () => {
    // Sanity of the schema reading: the known org-scoped ones are found, the org-less ones are not.
    expect(orgScoped).toEqual(
      expect.arrayContaining(['orgs.getContext', 'orgs.verify', 'envs.list', 'prompts.delete']),
    );
    expect(requiredOrgKeys('orgs.getContext')).toEqual(['orgSlug']);
    expect(requiredOrgKeys('envs.create')).toEqual(['orgId']);
    for (const p of ['orgs.bestRedirectForUser', 'orgs.allOrgsForUser', 'invitations.accept'])
      expect(orgScoped, p).not.toContain(p);
    // Every procedure that names no org states what a non-member gets.
    expect(paths.filter((p) => !orgScoped.includes(p) && !SAMPLES[p]?.nonMember)).toEqual([]);
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

    it('signed in, member of no org → FORBIDDEN when the input names an org, else the stated result', async () => {
      const input = nonMemberInput(path);
      const outcome = orgScoped.includes(path) ? forbidden : sample().nonMember;
      if (!outcome || 'forbidden' in outcome) {
        expect(await codeOf(call(walker, path, input))).toBe('FORBIDDEN');
      } else {
        await outcome.result(await call(walker, path, input));
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
    const queries = orgScoped.filter((p) => procedures[p]!._def.type === 'query');
    expect(queries.length).toBeGreaterThan(3);
    for (const path of queries) {
      // Maya is a member of acme; Ada is a superuser (and a member). Both pass the guard.
      expect(await codeOf(call(SEED_USERS.maya, path, SAMPLES[path]!.input())), path).toBe('OK');
    }
    const globex = { orgId: SEED_ORGS.globex.id };
    expect(await codeOf(call(SEED_USERS.ada, 'envs.list', globex))).toBe('OK');
    expect(await codeOf(call(SEED_USERS.sam, 'envs.list', globex))).toBe('FORBIDDEN');
  });

  it('the org guard answers before the rest of the input is validated; a bad org id is BAD_REQUEST', async () => {
    // A non-member learns nothing from the validation of fields they may not use.
    const badName = { orgId: acme, name: '', slug: 'Not A Slug!' };
    expect(await codeOf(call(walker, 'envs.create', badName))).toBe('FORBIDDEN');
    // A member gets the field errors.
    expect(await codeOf(call(SEED_USERS.maya, 'envs.create', badName))).toBe('BAD_REQUEST');
    // The org id itself is validated by the guard, with the same schema the procedure declares.
    for (const orgId of ['', 'x'.repeat(65), 42, null]) {
      expect(await codeOf(call(walker, 'envs.list', { orgId })), String(orgId)).toBe('BAD_REQUEST');
    }
    const error = await call(walker, 'envs.list', { orgId: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).cause).toBeInstanceOf(z.core.$ZodError);
  });
});
