/** Orgs, people, instances, environments, invitations and the prompt library. */
import { sql } from 'drizzle-orm';
import { ANSWER_RETENTION_DAYS } from '~/domain/monitoring/retention';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  id,
  MEMBERSHIP_ROLES,
  TENANT_TYPES,
  timestampTz,
  updatedAt,
} from './columns';
import { users } from './auth';

export const orgs = pgTable('orgs', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  verified: boolean('verified').notNull().default(false),
  /**
   * The customer's Account Manager organization this org onboards from (chosen in onboarding): its
   * id, its name where the person's roles could read it, and the realms whose tenants are offered.
   */
  amOrganizationId: text('am_organization_id'),
  amOrganizationName: text('am_organization_name'),
  amRealms: text('am_realms')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * A member's request that a superuser verify the org (the Onboarding needed block's "Ask for
   * verification"): when, and who (null once that person's account is gone). The first request stays.
   */
  verificationRequestedAt: timestampTz('verification_requested_at'),
  verificationRequestedBy: text('verification_requested_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  /** Days monitoring's raw answers are kept after their run (domain/monitoring/retention.ts). */
  answerRetentionDays: integer('answer_retention_days')
    .notNull()
    .default(ANSWER_RETENTION_DAYS.default),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: belongsTo('user_id', () => users.id),
    orgId: belongsTo('org_id', () => orgs.id),
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.orgId] }),
    index('memberships_org_id_idx').on(t.orgId),
  ],
);

export const b2cInstances = pgTable(
  'b2c_instances',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    instanceId: text('instance_id').notNull(),
    externalInstanceId: text('external_instance_id').notNull(),
    /** Null until someone gives it: Account Manager names no host for production, staging, development. */
    host: text('host'),
    tenantType: text('tenant_type', { enum: TENANT_TYPES }).notNull(),
    ocapiDataSettingsVerified: boolean('ocapi_data_settings_verified').notNull().default(false),
    ocapiShopSettingsVerified: boolean('ocapi_shop_settings_verified').notNull().default(false),
    webdavSettingsVerified: boolean('webdav_settings_verified').notNull().default(false),
    onboarded: boolean('onboarded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('b2c_instances_org_external_uq').on(t.orgId, t.externalInstanceId)],
);

export const envs = pgTable(
  'envs',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    b2cInstanceId: text('b2c_instance_id').references(() => b2cInstances.id, {
      onDelete: 'set null',
    }),
    /**
     * The content library landing pages publish to: a shared library's id, or null for the site's
     * own (private) library, whose id is the site's. The Data API does not say which a site uses
     * (ADR 0042), so a site on a shared library names it here.
     */
    contentLibraryId: text('content_library_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('envs_org_slug_uq').on(t.orgId, t.slug)],
);

/** One API client per org (Account Manager names it `Beacon`); the secret is AES-256-GCM ciphertext. */
export const b2cApiClients = pgTable('b2c_api_clients', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  /** Null when Account Manager already had the client and would not show its secret again. */
  secretCiphertext: text('secret_ciphertext'),
  createdAt: createdAt(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    email: text('email').notNull(),
    /**
     * SHA-256 of the accept link's token, hex: the token itself is shown once, when the invitation is
     * made, and never stored (docs/security.md, rule 10).
     */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestampTz('expires_at').notNull(),
    acceptedAt: timestampTz('accepted_at'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_org_id_idx').on(t.orgId)],
);

/**
 * The org's prompt library (settings → Prompts), used by agents and AEO monitoring. Names are unique
 * per org regardless of case, so "Trail shoes" and "trail shoes" cannot both be picked from a list;
 * the unique index also serves the org's list.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('prompts_org_name_uq').on(t.orgId, sql`lower(${t.name})`)],
);
