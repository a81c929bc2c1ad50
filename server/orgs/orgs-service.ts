/**
 * Orgs: where a user lands, the org/env context of a page, the user's orgs, creating one, and the
 * superusers' list of every org with its verification.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type OrgCreation, orgCreationFor } from '~/domain/orgs/creation';
import {
  type BestRedirect,
  type Env,
  type Org,
  type OrgListItem,
  ORG_OVERVIEW_MEMBERS,
  type OrgOverview,
  type VerificationRequest,
} from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import type { OrgOverviewFilter } from '~/domain/orgs/search';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db, DbOrTx } from '~/server/db/client';
import { isUniqueViolation, rejectUnstorableText } from '~/server/db/errors';
import { b2cInstances, envs, memberships, orgs, users } from '~/server/db/schema';
import type { CachedAccessService } from './access';
import type { DataCache } from './data-cache';
import type { Deletion } from './deletion';
import { orgColumns } from './rows';

/** An env with an onboarded instance first, then any with an instance, then by slug. */
export interface OrgsService {
  bestRedirectForUser(user: SessionUser, orgSlug: string | undefined): Promise<BestRedirect>;
  getContext(user: SessionUser, orgSlug: string, envSlug: string): Promise<{ org: Org; env: Env }>;
  allForUser(user: SessionUser): Promise<OrgListItem[]>;
  /** The org by id (read only), or NOT_FOUND. */
  get(orgId: string): Promise<Org>;
  /** Superusers only: marks the org verified (a write; never call it to read the org). */
  verify(orgId: string): Promise<Org>;
  /** Whether this user may create an org (domain/orgs/creation.ts). */
  creationFor(user: SessionUser): Promise<OrgCreation>;
  /** Creates the org with the user as its owner, when `creationFor` allows it; else FORBIDDEN. */
  create(user: SessionUser, input: { name: string; slug: string }): Promise<Org>;
  /**
   * Superusers only: every org (or the unverified ones), newest first, with members, envs and
   * instances; the unverified ones whose members asked for verification first, oldest request first.
   */
  overview(show: OrgOverviewFilter): Promise<OrgOverview[]>;
  /** A member's request that the org be verified, or null (read only). */
  verificationRequest(orgId: string): Promise<VerificationRequest | null>;
  /**
   * Records that this member asks a superuser to verify the org. The first request stays; a verified
   * org records nothing. Answers the org's request as it now stands.
   */
  requestVerification(user: SessionUser, orgId: string): Promise<VerificationRequest | null>;
  /**
   * Deletes the org and everything in it (server/orgs/deletion.ts): superusers or its last owner,
   * confirmed with its slug, refused while work runs in any of its envs.
   */
  delete(user: SessionUser, orgId: string, confirmation: string): Promise<{ orgSlug: string }>;
}

export function bestEnv(envList: Env[]): Env | null {
  const rank = (e: Env) => (e.b2cInstance?.onboarded ? 0 : e.b2cInstance ? 1 : 2);
  return [...envList].sort((a, b) => rank(a) - rank(b) || a.slug.localeCompare(b.slug))[0] ?? null;
}

export function createOrgsService(
  db: Db,
  access: CachedAccessService,
  cache: DataCache,
  deletion: Deletion,
): OrgsService {
  async function verificationRequestOf(orgId: string): Promise<VerificationRequest | null> {
    const [row] = await db
      .select({ requestedAt: orgs.verificationRequestedAt, requestedBy: users.email })
      .from(orgs)
      .leftJoin(users, eq(users.id, orgs.verificationRequestedBy))
      .where(eq(orgs.id, orgId));
    if (!row) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
    return row.requestedAt ? { requestedAt: row.requestedAt, requestedBy: row.requestedBy } : null;
  }

  /** The user's campaign and how many orgs they belong to: what `orgCreationFor` decides on. */
  async function creationOf(db: DbOrTx, user: SessionUser): Promise<OrgCreation> {
    if (user.isSuperUser) return 'any';
    const [person] = await db
      .select({ campaign: users.campaign })
      .from(users)
      .where(eq(users.id, user.id));
    const [orgCount] = await db
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.userId, user.id));
    return orgCreationFor(
      { isSuperUser: false, campaign: person?.campaign ?? null },
      orgCount?.n ?? 0,
    );
  }

  async function orgsOf(userId: string): Promise<OrgListItem[]> {
    return db
      .select({ ...orgColumns, role: memberships.role })
      .from(memberships)
      .innerJoin(orgs, eq(memberships.orgId, orgs.id))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(orgs.name), asc(orgs.slug));
  }

  return {
    async bestRedirectForUser(user, orgSlug): Promise<BestRedirect> {
      const mine = await orgsOf(user.id);
      const chosen = mine.find((o) => o.slug === orgSlug) ?? mine[0];
      if (!chosen) return { status: 'no-org-memberships', org: null, env: null };
      const { role: _role, ...org } = chosen;
      const env = bestEnv((await cache.envsOf(org.id)) ?? []);
      return env ? { status: 'ok', org, env } : { status: 'no-envs', org, env: null };
    },

    async getContext(user: SessionUser, orgSlug: string, envSlug: string) {
      // Answered from memory, where the database would have refused the text.
      rejectUnstorableText(orgSlug, envSlug);
      const org = await cache.orgBySlug(orgSlug);
      const notMember = () =>
        new DomainError('FORBIDDEN', ORG_MESSAGES.notOrgMember(orgSlug), 'not-member');
      if (!org) throw notMember();
      // Membership is checked on every call (access caches roles, invalidated on membership changes).
      if (!user.isSuperUser && !(await access.roleInOrg(user.id, org.id))) throw notMember();
      const env = (await cache.envsOf(org.id))?.find((e) => e.slug === envSlug);
      if (!env)
        throw new DomainError('NOT_FOUND', ORG_MESSAGES.envNotFound(envSlug), 'env-not-found');
      return { org, env };
    },

    allForUser: (user) => orgsOf(user.id),

    async get(orgId) {
      const org = await cache.orgById(orgId);
      if (!org) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
      return org;
    },

    async verify(orgId): Promise<Org> {
      const [org] = await db
        .update(orgs)
        .set({ verified: true })
        .where(eq(orgs.id, orgId))
        .returning(orgColumns);
      if (!org) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
      cache.orgChanged(org.slug);
      return org;
    },

    creationFor: (user) => creationOf(db, user),

    async create(user, input): Promise<Org> {
      try {
        const org = await db.transaction(async (tx) => {
          // The person's own row, locked: two requests at once cannot both create a "first" org.
          await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
          if ((await creationOf(tx, user)) === 'none') {
            throw new DomainError(
              'FORBIDDEN',
              ORG_MESSAGES.createOrgRefused,
              'org-creation-refused',
            );
          }
          const [created] = await tx
            .insert(orgs)
            .values({ name: input.name, slug: input.slug })
            .returning(orgColumns);
          if (!created) throw new Error('Insert returned no row.');
          await tx
            .insert(memberships)
            .values({ userId: user.id, orgId: created.id, role: 'owner' });
          return created;
        });
        access.invalidate({ userId: user.id, orgId: org.id });
        // "No such slug" may have been cached.
        cache.orgChanged(org.slug);
        cache.envsChanged(org.id);
        return org;
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError('CONFLICT', ORG_MESSAGES.slugTaken(input.slug), 'slug-taken');
        }
        throw error;
      }
    },

    async delete(user, orgId, confirmation) {
      const { orgSlug } = await deletion.deleteOrg(user, orgId, confirmation);
      // Its members' roles, its slug and its env list are gone everywhere; sockets on it close.
      access.invalidate({ orgId });
      cache.orgChanged(orgSlug);
      cache.envsChanged(orgId);
      return { orgSlug };
    },

    async overview(show): Promise<OrgOverview[]> {
      const list = await db
        .select({
          ...orgColumns,
          createdAt: orgs.createdAt,
          requestedAt: orgs.verificationRequestedAt,
          requestedBy: users.email,
        })
        .from(orgs)
        .leftJoin(users, eq(users.id, orgs.verificationRequestedBy))
        .where(show === 'unverified' ? eq(orgs.verified, false) : undefined)
        .orderBy(
          ...(show === 'unverified' ? [sql`${orgs.verificationRequestedAt} asc nulls last`] : []),
          desc(orgs.createdAt),
          asc(orgs.slug),
        );
      if (list.length === 0) return [];
      const ids = list.map((o) => o.id);
      const [people, envRows] = await Promise.all([
        db
          .select({
            orgId: memberships.orgId,
            name: users.name,
            email: users.email,
            role: memberships.role,
          })
          .from(memberships)
          .innerJoin(users, eq(memberships.userId, users.id))
          .where(inArray(memberships.orgId, ids))
          .orderBy(
            asc(memberships.orgId),
            sql`case when ${memberships.role} = 'owner' then 0 else 1 end`,
            asc(users.email),
          ),
        db
          .select({
            orgId: envs.orgId,
            id: envs.id,
            slug: envs.slug,
            name: envs.name,
            instanceId: b2cInstances.instanceId,
            host: b2cInstances.host,
            onboarded: b2cInstances.onboarded,
          })
          .from(envs)
          .leftJoin(b2cInstances, eq(envs.b2cInstanceId, b2cInstances.id))
          .where(inArray(envs.orgId, ids))
          .orderBy(asc(envs.orgId), asc(envs.slug)),
      ]);
      const byOrg = <T extends { orgId: string }>(rows: T[]) => {
        const grouped = new Map<string, T[]>();
        for (const row of rows) {
          const group = grouped.get(row.orgId);
          if (group) group.push(row);
          else grouped.set(row.orgId, [row]);
        }
        return grouped;
      };
      const peopleOf = byOrg(people);
      const envsOf = byOrg(envRows);
      return list.map(({ requestedAt, requestedBy, ...org }) => {
        const members = peopleOf.get(org.id) ?? [];
        return {
          ...org,
          // Once verified, a request is history: the list shows it only while the org waits.
          verificationRequest: requestedAt && !org.verified ? { requestedAt, requestedBy } : null,
          memberCount: members.length,
          members: members
            .slice(0, ORG_OVERVIEW_MEMBERS)
            .map(({ name, email, role }) => ({ name, email, role })),
          envs: (envsOf.get(org.id) ?? []).map((e) => ({
            id: e.id,
            slug: e.slug,
            name: e.name,
            b2cInstance:
              e.instanceId !== null && e.host !== null
                ? { instanceId: e.instanceId, host: e.host, onboarded: e.onboarded ?? false }
                : null,
          })),
        };
      });
    },

    verificationRequest: verificationRequestOf,

    async requestVerification(user, orgId) {
      await db
        .update(orgs)
        .set({ verificationRequestedAt: sql`now()`, verificationRequestedBy: user.id })
        .where(
          and(eq(orgs.id, orgId), eq(orgs.verified, false), isNull(orgs.verificationRequestedAt)),
        );
      return verificationRequestOf(orgId);
    },
  };
}
