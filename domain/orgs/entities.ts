/** Orgs, their environments and a user's place in them. */
import { z } from 'zod/mini';

export const orgSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  verified: z.boolean(),
});
export type Org = z.infer<typeof orgSchema>;

/** What an env says of its linked B2C instance: the row id (`id`), the realm instance name and whether onboarding is done. */
export const envInstanceSummarySchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  onboarded: z.boolean(),
});

export const envSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  b2cInstance: z.nullable(envInstanceSummarySchema),
});
export type Env = z.infer<typeof envSchema>;

export const membershipRoleSchema = z.enum(['owner', 'member']);
export type MembershipRole = z.infer<typeof membershipRoleSchema>;

/** An org as the org switcher lists it: with the user's role in it. */
export interface OrgListItem extends Org {
  role: MembershipRole;
}

export const bestRedirectSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), org: orgSchema, env: envSchema }),
  z.object({ status: z.literal('no-org-memberships'), org: z.null(), env: z.null() }),
  z.object({ status: z.literal('no-envs'), org: orgSchema, env: z.null() }),
]);
export type BestRedirect = z.infer<typeof bestRedirectSchema>;

/** How many members `orgs.overview` names per org (owners first); it counts them all. */
export const ORG_OVERVIEW_MEMBERS = 5;

/** A member's request that a superuser verify the org: when, and who (null once their account is gone). */
export interface VerificationRequest {
  requestedAt: Date;
  requestedBy: string | null;
}

/** An org as the superusers' list of every org (/app/sp/orgs) shows it. */
export interface OrgOverview extends Org {
  createdAt: Date;
  /** Asked for by a member ("Ask for verification"), or null. */
  verificationRequest: VerificationRequest | null;
  memberCount: number;
  /** The first ORG_OVERVIEW_MEMBERS members, owners first, then by e-mail. */
  members: { name: string | null; email: string; role: MembershipRole }[];
  /** Every env, by slug, with the instance it is linked to. */
  envs: {
    id: string;
    slug: string;
    name: string;
    b2cInstance: { instanceId: string; host: string; onboarded: boolean } | null;
  }[];
}
