/**
 * The authorization walk: every procedure of the router is called with no session, as a signed-in
 * non-member and (when superuser-only) as a regular member. A procedure added without a sample in its
 * area's authz-samples.ts, or without a guard, fails this suite.
 *
 * The non-member rule is read from the procedure itself, not from the samples: an input that requires
 * an `orgId` or `orgSlug` names an org, so a signed-in non-member must get FORBIDDEN (the documented
 * contract: `orgProcedure` answers FORBIDDEN, and `orgs.getContext` answers FORBIDDEN for a missing org
 * too, so org slugs are not probed). A new procedure that takes an orgId but forgot `orgProcedure`
 * fails here whatever its sample says. Only procedures that name no org state their outcome by hand.
 */
import { randomBytes } from 'node:crypto';
import { type AnyProcedure, TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '~/domain/shared/session';
import type { Database } from '~/server/db/client';
import {
  agentConfigs,
  agentRuns,
  catalogProducts,
  monitoringRuns,
  proposals,
  users,
} from '~/server/db/schema';
import { openTestDatabase } from '~/server/db/test-db';
import { createSecrets } from '~/server/secrets';
import { seed } from '~/server/seed';
import { SEED_ENVS, SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { createServices } from '~/server/services';
import { fakeGateway } from '~/server/test-support';
import {
  type AuthzSamples,
  forbidden,
  WALK_PRODUCT_ID,
  WALK_MONITORING_RUN_ID,
  WALK_PROMPT_KEY,
  WALK_PROPOSAL_ID,
  WALK_RUN_ID,
  type WalkFixtures,
} from './authz-sample';
import type { Context } from './context';
import { appRouter } from './router';
import { createCallerFactory } from './trpc';

const acme = SEED_ORGS.acme.id;
const walkerEmail = 'walker@example.test';
const fixtures: WalkFixtures = { acme, otherEmailToken: '' };

/** Every area's samples (`<area>/authz-samples.ts`); the completeness test fails when one is missing. */
const SAMPLES: AuthzSamples = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<{ authzSamples: AuthzSamples }>('../*/authz-samples.ts', { eager: true }),
  ).map((module) => module.authzSamples),
);

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
  const input = SAMPLES[path]!.input(fixtures);
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
  fixtures.otherEmailToken = invitation.token;
  // A product in acme's catalogue copy, so reading one succeeds for those allowed to.
  await database.db.insert(catalogProducts).values({
    envId: SEED_ENVS.acmeProd.id,
    b2cProductId: WALK_PRODUCT_ID,
    type: 'item',
    online: true,
    document: { id: WALK_PRODUCT_ID },
    syncedAt: new Date(),
  });
  // A saved SEO config and one of its runs, so the agents' reads succeed for those allowed to.
  const seo = {
    type: 'seo',
    provider: 'anthropic',
    catalogIds: ['storefront-catalog'],
    fields: ['page_title'],
    languages: ['default'],
  };
  await database.db
    .insert(agentConfigs)
    .values({ envId: SEED_ENVS.acmeProd.id, agentType: 'seo', config: seo });
  await database.db.insert(agentRuns).values({
    id: WALK_RUN_ID,
    orgId: acme,
    envId: SEED_ENVS.acmeProd.id,
    agentType: 'seo',
    status: 'succeeded',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    concurrency: 2,
    config: seo,
  });
  // A pending proposal of that run, so the review reads succeed for those allowed to.
  await database.db.insert(proposals).values({
    id: WALK_PROPOSAL_ID,
    envId: SEED_ENVS.acmeProd.id,
    b2cProductId: WALK_PRODUCT_ID,
    locale: 'default',
    field: 'page_title',
    agentType: 'seo',
    currentValue: 'A title',
    proposedValue: 'A better title',
    runId: WALK_RUN_ID,
  });
  // A finished monitoring run, so a prompt's samples can be read by those allowed to.
  await database.db.insert(monitoringRuns).values({
    id: WALK_MONITORING_RUN_ID,
    orgId: acme,
    envId: SEED_ENVS.acmeProd.id,
    status: 'succeeded',
    config: {
      brandName: 'Acme',
      brandDomain: 'acme.example',
      engines: ['openai'],
      samples: 1,
      prompts: [{ key: WALK_PROMPT_KEY, text: 'Where can I buy a rain jacket?', name: null }],
    },
    finishedAt: new Date(),
  });
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
      if (!s) throw new Error(`No sample for ${path}: add one to its area's authz-samples.ts.`);
      return s;
    };

    it('no session → UNAUTHORIZED, whatever the input', async () => {
      expect(await codeOf(call(null, path, sample().input(fixtures)))).toBe('UNAUTHORIZED');
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
      expect(await codeOf(call(SEED_USERS.maya, path, input(fixtures)))).toBe('FORBIDDEN');
    });
  });

  it('the walk reached no outside system and changed nothing', async () => {
    expect(gateway.listInstances).not.toHaveBeenCalled();
    expect(gateway.ensureApiClient).not.toHaveBeenCalled();
    expect(gateway.verify).not.toHaveBeenCalled();
    expect((await services.members.list(acme)).map((m) => m.userId).sort()).toEqual(
      [SEED_USERS.ada.id, SEED_USERS.maya.id].sort(),
    );
    expect((await services.orgs.getContext(SEED_USERS.ada, 'acme', 'prod')).org.verified).toBe(
      true,
    );
    expect((await services.envs.list(acme)).map((e) => e.slug)).toEqual(['prod', 'staging']);
  });

  it('members and superusers pass the org guard (read-only queries)', async () => {
    const queries = orgScoped.filter(
      (p) => procedures[p]!._def.type === 'query' && !SAMPLES[p]?.superuserOnly,
    );
    expect(queries.length).toBeGreaterThan(3);
    for (const path of queries) {
      // Maya is a member of acme; Ada is a superuser (and a member). Both pass the guard.
      expect(await codeOf(call(SEED_USERS.maya, path, SAMPLES[path]!.input(fixtures))), path).toBe(
        'OK',
      );
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
