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
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { DOMAIN_ERROR_CODES, DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Database } from '~/server/db/client';
import {
  agentConfigs,
  agentRuns,
  catalogProducts,
  landingPages,
  memberships,
  monitoringAlerts,
  monitoringRuns,
  orgs,
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
  WALK_ALERT_ID,
  WALK_MONITORING_RUN_ID,
  WALK_PROMPT_KEY,
  WALK_PROPOSAL_ID,
  WALK_RUN_ID,
  type WalkFixtures,
} from './authz-sample';
import type { Context } from './context';
import { appRouter } from './router';
import { createCallerFactory, readOnly, spProcedure } from './trpc';

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
    def?: {
      type?: string;
      shape?: Record<string, ZodInternals>;
      innerType?: ZodInternals;
      /** A union's members (a discriminated union's objects). */
      options?: ZodInternals[];
    };
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
  // The walker: signed in, member of no org, come through the free AEO report (as anyone may, by
  // opening /app/?campaign=aeo), so they may create a first org of their own.
  walker = { id: 'user_walker', name: 'Walker', email: walkerEmail, isSuperUser: false };
  await database.db.insert(users).values({ ...walker, campaign: 'aeo' });
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
  await database.db
    .insert(monitoringAlerts)
    .values(walkAlert(WALK_ALERT_ID, acme, SEED_ENVS.acmeProd.id, WALK_MONITORING_RUN_ID));
}, 120_000);

/** An alert a finished run raised: a mention rate that fell on ChatGPT. */
function walkAlert(id: string, orgId: string, envId: string, runId: string) {
  return {
    id,
    orgId,
    envId,
    runId,
    series: 'openai:',
    engine: 'openai',
    metric: 'mention' as const,
    direction: 'drop' as const,
    baseline: { rate: 0.5, successes: 30, n: 60 },
    current: { rate: 0.1, successes: 1, n: 10 },
    difference: -0.4,
    noise: 0.1,
    pValue: 0.0001,
    runIds: [runId],
    baselineRunIds: [],
  };
}

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

  it('marks hidden exactly the procedures of the superusers’ pages (spProcedure)', () => {
    const [step] = (spProcedure as unknown as { _def: { middlewares: unknown[] } })._def
      .middlewares;
    const onSp = paths.filter((p) =>
      (procedures[p]!._def as unknown as { middlewares: unknown[] }).middlewares.includes(step),
    );
    expect(onSp).toEqual(paths.filter((p) => SAMPLES[p]?.hidden));
    expect(onSp).toContain('orgs.overview');
    for (const p of onSp) expect(SAMPLES[p]?.superuserOnly, p).toBe(true);
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
      // The walker's first org (orgs.create makes one) goes with the test: the next starts with none.
      onTestFinished(async () => {
        await database.db
          .delete(orgs)
          .where(
            sql`${orgs.id} in (select ${memberships.orgId} from ${memberships} where ${memberships.userId} = ${walker.id})`,
          );
      });
      const input = nonMemberInput(path);
      const outcome = orgScoped.includes(path) ? forbidden : sample().nonMember;
      if (!outcome || 'forbidden' in outcome) {
        expect(await codeOf(call(walker, path, input))).toBe('FORBIDDEN');
      } else if ('notFound' in outcome) {
        expect(await codeOf(call(walker, path, input))).toBe('NOT_FOUND');
      } else if ('refused' in outcome) {
        expect(await codeOf(call(walker, path, input))).toBe(outcome.refused);
      } else {
        await outcome.result(await call(walker, path, input));
      }
    });

    it('superuser-only → FORBIDDEN for a regular member of an org (NOT_FOUND on the superusers’ pages)', async () => {
      const { superuserOnly, hidden, input } = sample();
      if (!superuserOnly) return;
      expect(await codeOf(call(SEED_USERS.maya, path, input(fixtures)))).toBe(
        hidden ? 'NOT_FOUND' : 'FORBIDDEN',
      );
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

/** Every table's row count and a checksum of its rows: what "changed nothing" compares. */
async function snapshot(): Promise<Record<string, string>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ s: string; t: string }>(
    await database.db.execute(sql`
      select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const sums: Record<string, string> = {};
  for (const { s, t } of tables) {
    const name = `"${s.replaceAll('"', '""')}"."${t.replaceAll('"', '""')}"`;
    const [row] = rowsOf<{ n: number; sum: string | null }>(
      await database.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(string_agg(r::text, '|' order by r::text)) as sum from ${name} r`,
        ),
      ),
    );
    sums[`${s}.${t}`] = `${row?.n}:${row?.sum ?? ''}`;
  }
  return sums;
}

/** The sample's acme org and env swapped for another org's (strings only, at any depth). */
function retarget(value: unknown, swap: Record<string, string>): unknown {
  if (typeof value === 'string') return swap[value] ?? value;
  if (Array.isArray(value)) return value.map((v) => retarget(v, swap));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, retarget(v, swap)]));
  return value;
}

const TO_GLOBEX = {
  [acme]: SEED_ORGS.globex.id,
  [SEED_ORGS.acme.slug]: SEED_ORGS.globex.slug,
  [SEED_ENVS.acmeProd.id]: SEED_ENVS.globexProd.id,
};

/**
 * Queries that write, each with its reason; every other query must leave the database as it was.
 * (docs/security.md, rule 1.) None: a read that refreshes something (b2cInstances.sync) is a mutation.
 */
const WRITING_QUERIES: Record<string, string> = {};

describe('reads change nothing', () => {
  const queries = paths.filter((p) => procedures[p]!._def.type === 'query');

  it('every query is built on a read-only procedure (its resolver sees only ReadServices)', () => {
    const middlewares = (p: string) =>
      (procedures[p]!._def as unknown as { middlewares: unknown[] }).middlewares;
    const [step] = (readOnly as unknown as { _middlewares: unknown[] })._middlewares;
    const notReadOnly = queries.filter((p) => !middlewares(p).includes(step));
    expect(notReadOnly).toEqual(Object.keys(WRITING_QUERIES));
  });

  it('every query, called with its sample in a verified and an unverified org by a member and a superuser, leaves every table as it was', async () => {
    expect(queries.length).toBeGreaterThan(20);
    const before = await snapshot();
    const outcomes: Record<string, string[]> = {};
    for (const path of queries.filter((p) => !(p in WRITING_QUERIES))) {
      const input = SAMPLES[path]!.input(fixtures);
      const calls: [SessionUser, unknown][] = [
        [SEED_USERS.maya, input],
        [SEED_USERS.ada, input],
        // Globex is unverified; Maya owns it.
        [SEED_USERS.maya, retarget(input, TO_GLOBEX)],
        [SEED_USERS.ada, retarget(input, TO_GLOBEX)],
      ];
      for (const [user, args] of calls) {
        // Whatever each answers (a result or a refusal), the database must not have moved.
        (outcomes[path] ??= []).push(await codeOf(call(user, path, args)));
      }
    }
    // The walk reached the procedures: most queries answered a member of acme.
    expect(Object.values(outcomes).filter((o) => o[0] === 'OK').length).toBeGreaterThan(20);
    expect(await snapshot()).toEqual(before);
  });
});

/** The child ids the cross-org walk swaps for another org's: each names a row that belongs to one org. */
const CHILD_KEYS = [
  'envId',
  'runId',
  'proposalId',
  'pageId',
  'promptId',
  'answerId',
  'invitationId',
  'alertId',
] as const;
type ChildKey = (typeof CHILD_KEYS)[number];

/**
 * The top-level keys of a procedure's input object(s), read from its zod schemas; a union's keys are
 * those of its members.
 */
function inputKeys(path: string): string[] {
  const keys = new Set<string>();
  const visit = (parser: ZodInternals) => {
    let schema: ZodInternals | undefined = parser;
    while (schema?._zod?.def?.innerType) schema = schema._zod.def.innerType;
    if (schema?._zod?.def?.type === 'object')
      for (const key of Object.keys(schema._zod.def.shape ?? {})) keys.add(key);
    for (const option of schema?._zod?.def?.options ?? []) visit(option);
  };
  for (const parser of procedures[path]!._def.inputs as ZodInternals[]) visit(parser);
  return [...keys];
}

/** Its first answer, for a subscription (its checks may run when it is read). */
async function settle(promise: Promise<unknown>): Promise<unknown> {
  const value = await promise;
  if (value && typeof value === 'object' && Symbol.asyncIterator in value) {
    const iterator = (value as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const first = await Promise.race([
      iterator.next(),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000)),
    ]);
    await iterator.return?.();
    return first;
  }
  return value;
}

describe('cross-org walk', () => {
  /** Rows of Globex (another org than the caller's acme) the walk points acme's inputs at. */
  const foreign = {} as Record<ChildKey, string>;

  beforeAll(async () => {
    const db = database.db;
    const env = SEED_ENVS.globexProd.id;
    const globex = SEED_ORGS.globex.id;
    foreign.envId = env;
    foreign.runId = 'foreign-run';
    foreign.proposalId = 'foreign-proposal';
    foreign.pageId = 'foreign-page';
    await db.insert(catalogProducts).values({
      envId: env,
      b2cProductId: WALK_PRODUCT_ID,
      type: 'item',
      online: true,
      document: { id: WALK_PRODUCT_ID },
      syncedAt: new Date(),
    });
    const seo = {
      type: 'seo',
      provider: 'anthropic',
      catalogIds: ['storefront-catalog'],
      fields: ['page_title'],
      languages: ['default'],
    };
    await db.insert(agentRuns).values({
      id: foreign.runId,
      orgId: globex,
      envId: env,
      agentType: 'seo',
      status: 'running',
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      concurrency: 2,
      config: seo,
    });
    await db.insert(monitoringRuns).values({
      id: foreign.runId,
      orgId: globex,
      envId: env,
      status: 'succeeded',
      config: {
        brandName: 'Globex',
        brandDomain: 'globex.example',
        engines: ['openai'],
        samples: 1,
        prompts: [{ key: WALK_PROMPT_KEY, text: 'Where can I buy a lamp?', name: null }],
      },
      finishedAt: new Date(),
    });
    await db.insert(proposals).values({
      id: foreign.proposalId,
      envId: env,
      b2cProductId: WALK_PRODUCT_ID,
      locale: 'default',
      field: 'page_title',
      agentType: 'seo',
      currentValue: 'A title',
      proposedValue: 'A better title',
      runId: foreign.runId,
    });
    await db.insert(landingPages).values({
      id: foreign.pageId,
      orgId: globex,
      envId: env,
      title: 'Globex page',
      slug: 'globex-page',
      locale: 'default',
      sections: [],
    });
    foreign.promptId = (
      await services.prompts.create(globex, { name: 'Globex prompt', text: 'Globex text' })
    ).id;
    foreign.invitationId = (
      await services.invitations.create(SEED_USERS.maya, globex, 'globex-invitee@example.test')
    ).id;
    foreign.alertId = 'foreign-alert';
    await db
      .insert(monitoringAlerts)
      .values(walkAlert(foreign.alertId, globex, env, foreign.runId));
    foreign.answerId = (
      await services.analyst.ask(globex, env, SEED_USERS.maya.id, 'A question in Globex')
    ).answer.id;
  });

  /**
   * Child ids that only filter a list: another org's id matches nothing in this env, so the list is
   * empty (as for an id that does not exist), which tells the caller nothing.
   */
  const FILTERS = new Set(['reviews.list runId']);
  /**
   * Child ids that are a form's field: another org's id is refused on the field (BAD_REQUEST with the
   * field's message), as an id that does not exist is, which tells the caller nothing either.
   */
  const FIELDS = new Set(['agents.saveConfig promptId']);

  /** Every procedure that takes a child id, with the child keys it takes. */
  const childScoped = paths.flatMap((path) => {
    const keys = inputKeys(path).filter(
      (k): k is ChildKey =>
        (CHILD_KEYS as readonly string[]).includes(k) && !FILTERS.has(`${path} ${k}`),
    );
    return keys.length > 0 ? [{ path, keys }] : [];
  });

  it('finds the procedures that take a child id', () => {
    const found = childScoped.map((c) => c.path);
    for (const p of ['products.list', 'analyst.ask', 'reviews.get', 'landingPages.update'])
      expect(found).toContain(p);
    expect(childScoped.flatMap((c) => c.keys)).toEqual(expect.arrayContaining([...CHILD_KEYS]));
  });

  it("acme's org id with another org's env, run, proposal, page, prompt, answer or invitation id: NOT_FOUND, and nothing changed", async () => {
    const before = await snapshot();
    const answers: Record<string, string> = {};
    for (const { path, keys } of childScoped) {
      const sample = SAMPLES[path]!;
      // A member of acme (and of Globex); landing pages need a superuser.
      const user = sample.superuserOnly ? SEED_USERS.ada : SEED_USERS.maya;
      for (const key of keys) {
        const input = { ...(sample.input(fixtures) as object), orgId: acme, [key]: foreign[key] };
        answers[`${path} ${key}`] = await codeOf(
          // A subscription's own errors reach its reader unmapped: map them as tRPC would.
          settle(call(user, path, input)).catch((error: unknown) => {
            throw error instanceof DomainError
              ? new TRPCError({ code: DOMAIN_ERROR_CODES[error.kind], cause: error })
              : error;
          }),
        );
      }
    }
    const notFound = Object.fromEntries(
      Object.entries(answers).filter(
        ([call, code]) => code !== (FIELDS.has(call) ? 'BAD_REQUEST' : 'NOT_FOUND'),
      ),
    );
    expect(notFound).toEqual({});
    expect(await snapshot()).toEqual(before);
  });
});

describe('gates on the server (domain/orgs/gating.ts SCREEN_GATES)', () => {
  /** The code and reason a call answers with ('OK' when it answers). */
  async function refusal(user: SessionUser, path: string, swap: Record<string, string>) {
    try {
      await settle(call(user, path, retarget(SAMPLES[path]!.input(fixtures), swap)));
      return 'OK';
    } catch (error) {
      // A subscription's own errors reach its reader unmapped: map them as tRPC would.
      if (error instanceof DomainError) {
        return `${DOMAIN_ERROR_CODES[error.kind]} ${error.reason ?? ''}`.trim();
      }
      if (!(error instanceof TRPCError)) throw error;
      const reason = error.cause instanceof DomainError ? error.cause.reason : undefined;
      return `${error.code} ${reason ?? ''}`.trim();
    }
  }
  const TO_STAGING = { [SEED_ENVS.acmeProd.id]: SEED_ENVS.acmeStaging.id };

  it('a member of unverified Globex: FORBIDDEN onboarding-needed behind every screen but home', async () => {
    for (const path of [
      'products.syncState',
      'reviews.list',
      'analyst.suggestions',
      'agents.overview',
    ])
      expect(await refusal(SEED_USERS.maya, path, TO_GLOBEX), path).toBe(
        'FORBIDDEN onboarding-needed',
      );
    expect(await refusal(SEED_USERS.maya, 'monitoring.results', TO_GLOBEX)).toBe('OK');
  });

  it('a member of unverified Globex: FORBIDDEN onboarding-needed from the org-level calls of gated screens, not from home’s', async () => {
    // Onboarding (Account Manager, the instances), settings (people, prompts), agents, products' jobs:
    // anyone may have an unverified org of their own (docs/decisions/0035-production-first-day.md).
    for (const path of [
      'b2cInstances.sync',
      'b2cInstances.list',
      'b2cInstances.get',
      'b2cAPIClients.getOrCreate',
      'b2cAPIClients.setup',
      'b2cAPIClients.paste',
      'b2cAPIClients.verify',
      'members.list',
      'members.remove',
      'invitations.create',
      'invitations.list',
      'invitations.revoke',
      'prompts.create',
      'prompts.update',
      'prompts.delete',
      'agents.saveConfig',
      'jobs.progress',
    ])
      expect(await refusal(SEED_USERS.maya, path, TO_GLOBEX), path).toBe(
        'FORBIDDEN onboarding-needed',
      );
    // Home's monitoring configuration reads the prompt library; creating an env is for anyone in the org.
    expect(await refusal(SEED_USERS.maya, 'prompts.list', TO_GLOBEX)).toBe('OK');
    expect(await refusal(SEED_USERS.maya, 'envs.list', TO_GLOBEX)).toBe('OK');
    // A superuser passes the org gate.
    expect(await refusal(SEED_USERS.ada, 'members.list', TO_GLOBEX)).toBe('OK');
  });

  it('an env without an onboarded instance: FORBIDDEN integration-missing, except where the screen opts out', async () => {
    for (const path of ['products.syncState', 'reviews.list', 'analyst.conversation'])
      expect(await refusal(SEED_USERS.maya, path, TO_STAGING), path).toBe(
        'FORBIDDEN integration-missing',
      );
    for (const path of ['agents.overview', 'monitoring.results', 'products.facets'])
      expect(await refusal(SEED_USERS.maya, path, TO_STAGING), path).toBe('OK');
    // A superuser passes the unverified org, not the missing instance.
    expect(await refusal(SEED_USERS.ada, 'products.syncState', TO_GLOBEX)).toBe(
      'FORBIDDEN integration-missing',
    );
    expect(await refusal(SEED_USERS.ada, 'agents.overview', TO_GLOBEX)).toBe('OK');
  });
});

describe('bad ids are a 4xx, never a 5xx (docs/security.md, rule 5)', () => {
  it('every id a procedure takes, unknown or with a NUL byte: a 4xx with a plain message, never SQL', async () => {
    const answers: Record<string, string> = {};
    for (const path of paths) {
      const keys = inputKeys(path).filter(
        (k) => k === 'orgId' || (CHILD_KEYS as readonly string[]).includes(k),
      );
      const sample = SAMPLES[path]!;
      const user = sample.superuserOnly ? SEED_USERS.ada : SEED_USERS.maya;
      for (const key of keys)
        for (const bad of ['no-such-id', 'nul\u0000id']) {
          const input = { ...(sample.input(fixtures) as object), [key]: bad };
          try {
            await settle(call(user, path, input));
          } catch (error) {
            const e =
              error instanceof DomainError
                ? new TRPCError({ code: DOMAIN_ERROR_CODES[error.kind], message: error.message })
                : error;
            if (!(e instanceof TRPCError)) throw e;
            if (
              e.code === 'INTERNAL_SERVER_ERROR' ||
              /\b(select|insert into|update|delete from)\b|\$\d|\b(from|where)\b "/i.test(e.message)
            )
              answers[`${path} ${key}=${JSON.stringify(bad)}`] = `${e.code}: ${e.message}`;
          }
        }
    }
    expect(answers).toEqual({});
  });
});

/** Every string in `value` with its path, objects and arrays walked (what a client can send). */
function stringLeaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...at, key]));
  return [];
}

/** `value` with the string at `at` replaced. */
function replaced(value: unknown, at: (string | number)[], by: string): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at;
  if (Array.isArray(value))
    return value.map((item, i) => (i === head ? replaced(item, rest, by) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaced(record[head!], rest, by) };
}

describe('over-long values are a 4xx, never stored (docs/security.md, rule 5)', () => {
  // Longer than any field Beacon keeps (a landing page's content, a theme's CSS, a pasted snippet).
  const OVER_LONG = 'x'.repeat(2_000_001);

  it('every string field of every procedure, two million characters long: a 4xx, never OK or a 5xx', async () => {
    const answers: Record<string, string> = {};
    for (const path of paths) {
      const sample = SAMPLES[path]!;
      const user = sample.superuserOnly ? SEED_USERS.ada : SEED_USERS.maya;
      const input = sample.input(fixtures);
      for (const at of stringLeaves(input)) {
        const field = `${path} ${at.join('.')}`;
        try {
          await settle(call(user, path, replaced(input, at, OVER_LONG)));
          answers[field] = 'OK';
        } catch (error) {
          const e =
            error instanceof DomainError
              ? new TRPCError({ code: DOMAIN_ERROR_CODES[error.kind], message: error.message })
              : error;
          if (!(e instanceof TRPCError)) throw e;
          const status = getHTTPStatusCodeFromError(e);
          // A message never echoes the value back.
          if (status >= 500 || e.message.includes(OVER_LONG.slice(0, 1_000)))
            answers[field] = `${e.code}: ${e.message.slice(0, 200)}`;
        }
      }
    }
    expect(answers).toEqual({});
  });
});
