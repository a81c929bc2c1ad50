/** Orgs: where a user lands, the org/env context of a page, the user's orgs, and superuser actions. */
import { asc, eq } from 'drizzle-orm';
import type { BestRedirect, Env, Org, OrgListItem } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db } from '~/server/db/client';
import { isUniqueViolation, rejectUnstorableText } from '~/server/db/errors';
import { memberships, orgs } from '~/server/db/schema';
import type { CachedAccessService } from './access';
import type { DataCache } from './data-cache';
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
  create(user: SessionUser, input: { name: string; slug: string }): Promise<Org>;
}

export function bestEnv(envList: Env[]): Env | null {
  const rank = (e: Env) => (e.b2cInstance?.onboarded ? 0 : e.b2cInstance ? 1 : 2);
  return [...envList].sort((a, b) => rank(a) - rank(b) || a.slug.localeCompare(b.slug))[0] ?? null;
}

export function createOrgsService(
  db: Db,
  access: CachedAccessService,
  cache: DataCache,
): OrgsService {
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

    async create(user, input): Promise<Org> {
      try {
        const org = await db.transaction(async (tx) => {
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
  };
}
