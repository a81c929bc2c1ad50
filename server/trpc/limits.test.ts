/**
 * Call limits per person and per org on tRPC (docs/security.md, rule 6), one class at a time, through
 * the router as a request would reach it: cheap calls counted in memory, model and instance calls in
 * the shared store (the `rate_limits` table every process counts in).
 */
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type LimitClass, rateLimitedMessage } from '~/domain/shared/rate-limits';
import type { SessionUser } from '~/domain/shared/session';
import { analystMessages, rateLimits } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { createRateCounter } from '~/server/rate-limits';
import { createSecrets } from '~/server/secrets';
import { seed } from '~/server/seed';
import { SEED_ENVS, SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { createServices } from '~/server/services';
import {
  fakeGateway,
  linkedToAccountManager,
  signedInToAccountManager,
} from '~/server/test-support';
import type { Context } from './context';
import { type CallLimits, type CallLimitsConfig, createCallLimits, RateLimitError } from './limits';
import { appRouter } from './router';
import { createCallerFactory, type ProcedureMeta } from './trpc';

const secrets = createSecrets(randomBytes(32));
const acme = SEED_ORGS.acme.id;
const prod = SEED_ENVS.acmeProd.id;
/** A window far longer than a test, so no test straddles two (the shared store uses the database's clock). */
const WINDOW_MS = 3_600_000;
const LIMITS: CallLimitsConfig = {
  call: { perUser: 3, perOrg: 5 },
  model: { perUser: 2, perOrg: 3 },
  instance: { perUser: 1, perOrg: 2 },
};

/** The code, and for a limit its scope, class and message, of what a call answers. */
async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (!(error.cause instanceof RateLimitError)) return error.code;
    const { scope, limitClass, retryAfterSeconds } = error.cause;
    expect(error.message).toBe(rateLimitedMessage(scope, limitClass, retryAfterSeconds));
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(error.cause.reason).toBe('rate-limited');
    return `${error.code} ${scope} ${limitClass}`;
  }
}

describe('procedure classes', () => {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: ProcedureMeta } }
  >;
  const inClass = (limitClass: LimitClass) =>
    Object.entries(procedures)
      .filter(([, p]) => (p._def.meta?.limit ?? 'call') === limitClass)
      .map(([path]) => path)
      .sort();

  it('the procedures that start model work count as model calls', () => {
    expect(inClass('model')).toEqual([
      'agents.start',
      'analyst.ask',
      'analyst.retry',
      'monitoring.start',
    ]);
  });

  it("the procedures that call the customer's instance or Account Manager count as instance calls", () => {
    expect(inClass('instance')).toEqual([
      'b2cAPIClients.getOrCreate',
      'b2cAPIClients.verify',
      'b2cInstances.linkOrganization',
      'b2cInstances.sync',
      'b2cInstances.verifyOnboarded',
      'landingPages.publish',
      'landingPages.unpublish',
      'products.refresh',
      'products.syncNow',
    ]);
  });
});

describeEachDriver(
  'call limits on tRPC',
  (get) => {
    const { gateway } = fakeGateway();
    /** One process: its services and its limits, counting in the database's shared store. */
    const processWith = (limits: CallLimits) =>
      createServices({ db: get().db, b2c: gateway, secrets, limits });
    const sharedLimits = () =>
      createCallLimits(LIMITS, { sharedCounter: createRateCounter(get().db), windowMs: WINDOW_MS });
    const as = (services: ReturnType<typeof processWith>, user: SessionUser) =>
      createCallerFactory(appRouter)({ user, services, requestId: 'limits' } satisfies Context);

    beforeEach(async () => {
      await get().db.delete(rateLimits);
      gateway.listInstances.mockClear();
    });

    it('a cheap procedure: a person past their limit, then the org past its own, are refused; outsiders use none of it; nothing reaches the shared store', async () => {
      // A clock fixed mid-window: counted in this process's memory.
      const services = processWith(
        createCallLimits(LIMITS, { windowMs: WINDOW_MS, now: () => 1_800_000 }),
      );
      const maya = as(services, SEED_USERS.maya);
      const ada = as(services, SEED_USERS.ada);
      const walker = as(services, {
        id: 'user_outsider',
        name: 'Outsider',
        email: 'outsider@example.test',
        isSuperUser: false,
      });
      const list = (caller: typeof maya) => outcome(caller.envs.list({ orgId: acme }));
      // An outsider is refused by the org guard before anything is counted for the org.
      for (let i = 0; i < 3; i++) expect(await list(walker)).toBe('FORBIDDEN');

      expect([await list(maya), await list(maya), await list(maya)]).toEqual(['OK', 'OK', 'OK']);
      expect(await list(maya)).toBe('TOO_MANY_REQUESTS user call');
      // Another member of the org has their own three, but the org has five in all.
      expect([await list(ada), await list(ada)]).toEqual(['OK', 'OK']);
      expect(await list(ada)).toBe('TOO_MANY_REQUESTS org call');
      // A call that names no org counts for the person only.
      expect(await outcome(ada.orgs.allOrgsForUser())).toBe('TOO_MANY_REQUESTS user call');
      expect(await get().db.select().from(rateLimits)).toEqual([]);
    });

    it('a model procedure (analyst.ask): the stricter limit, counted in the shared store across processes; a refused question is not kept', async () => {
      const processA = processWith(sharedLimits());
      const processB = processWith(sharedLimits());
      const ask = (services: typeof processA, user: SessionUser) =>
        outcome(
          as(services, user).analyst.ask({
            orgId: acme,
            envId: prod,
            question: 'Which engine names us least?',
          }),
        );
      const questions = async () =>
        (
          await get()
            .db.select({ n: count() })
            .from(analystMessages)
            .where(eq(analystMessages.role, 'user'))
        )[0]!.n;
      const before = await questions();

      // Two processes, one limit: Maya's third question is refused whichever process gets it.
      expect(await ask(processA, SEED_USERS.maya)).toBe('OK');
      expect(await ask(processB, SEED_USERS.maya)).toBe('OK');
      expect(await ask(processA, SEED_USERS.maya)).toBe('TOO_MANY_REQUESTS user model');
      expect(await ask(processB, SEED_USERS.maya)).toBe('TOO_MANY_REQUESTS user model');
      // Ada's first is the org's third; her second the org's fourth.
      expect(await ask(processB, SEED_USERS.ada)).toBe('OK');
      expect(await ask(processA, SEED_USERS.ada)).toBe('TOO_MANY_REQUESTS org model');
      expect(await questions()).toBe(before + 3);
      // Cheap calls are not held back by the model limit.
      expect(await outcome(as(processA, SEED_USERS.maya).envs.list({ orgId: acme }))).toBe('OK');
      expect((await get().db.select().from(rateLimits)).map((r) => [r.key, r.hits]).sort()).toEqual(
        [
          [`limit:model:org:${acme}`, 4],
          [`limit:model:user:${SEED_USERS.ada.id}`, 2],
          [`limit:model:user:${SEED_USERS.maya.id}`, 4],
        ],
      );
    });

    it('an instance procedure (b2cInstances.sync): one call a minute per person here, and the instance is not asked past it', async () => {
      const processA = processWith(sharedLimits());
      const processB = processWith(sharedLimits());
      const sync = (services: typeof processA, user: SessionUser) =>
        outcome(as(services, user).b2cInstances.sync({ orgId: acme }));
      expect(await sync(processA, SEED_USERS.maya)).toBe('OK');
      expect(await sync(processB, SEED_USERS.maya)).toBe('TOO_MANY_REQUESTS user instance');
      expect(await sync(processB, SEED_USERS.ada)).toBe('OK');
      expect(await sync(processA, SEED_USERS.ada)).toBe('TOO_MANY_REQUESTS user instance');
      expect(gateway.listInstances).toHaveBeenCalledTimes(2);
    });
  },
  async (database) => {
    await seed(database.db, { secrets });
    // Listing instances needs the org's Account Manager organization and the person's sign-in.
    await linkedToAccountManager(database.db, acme);
    for (const user of [SEED_USERS.maya, SEED_USERS.ada]) {
      await signedInToAccountManager(database.db, secrets, user.id);
    }
  },
);
