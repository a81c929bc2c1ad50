/**
 * Account Manager facts Beacon and its simulator share: role enum names as they appear in access
 * tokens and tenant filters, the tenant filter's format, and zod schemas of every request body Beacon
 * sends and of the parts of answers it reads. Sources in docs/decisions/0036 and
 * 0046-account-manager-contract-and-rate-limits.md; account-manager.contract.test.ts holds the
 * schemas to the specs (account-manager-v1.spec.json).
 */
import { z } from 'zod';

/** Role enum names (`roleEnumName`), as the `roles` claim and tenant filters name them. */
export const AM_ROLES = {
  /** Account Administrator: manages the organization, its users and its API clients. */
  accountAdmin: 'AM_ACCOUNT_ADMIN',
  /** API Administrator: manages the organization's API clients. */
  apiAdmin: 'AM_API_ADMIN',
  /** User Administrator: manages users and their roles. */
  userAdmin: 'AM_USER_ADMIN',
  /** The Commerce API (SCAPI) role of an API client; an OCAPI client must not carry it. */
  commerceApi: 'SALESFORCE_COMMERCE_API',
  /**
   * Sandbox API User. Its enum name is not in Salesforce's public documentation; this one is seen in
   * third-party code. Beacon never decides on it: the sandbox API's own answer does.
   */
  sandboxApiUser: 'CCDX_SBX_USER',
  /** Business Manager User (role id `bm-user`). */
  businessManagerUser: 'ECOM_USER',
} as const;
export type AmRole = (typeof AM_ROLES)[keyof typeof AM_ROLES];

/** Roles whose holders may create and manage API clients (with their own sign-in, not client credentials). */
export const API_CLIENT_ADMIN_ROLES: readonly string[] = [AM_ROLES.accountAdmin, AM_ROLES.apiAdmin];

/** Role → tenant ids, e.g. `{ CCDX_SBX_USER: ['zzte_sbx'] }`. */
export type TenantFilter = Record<string, string[]>;

/** Reads `ROLE:t1,t2;ROLE2:t3` (roles with no tenants come out empty). */
export function parseTenantFilter(value: string | null | undefined): TenantFilter {
  const filter: TenantFilter = {};
  for (const group of (value ?? '').split(';')) {
    const [role, tenants = ''] = group.split(':');
    if (!role?.trim()) continue;
    filter[role.trim()] = tenants
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  }
  return filter;
}

/** Writes a tenant filter; roles with no tenants are left out. */
export function formatTenantFilter(filter: TenantFilter): string {
  return Object.entries(filter)
    .filter(([, tenants]) => tenants.length > 0)
    .map(([role, tenants]) => `${role}:${tenants.join(',')}`)
    .join(';');
}

/** `zzte-001`, `ZZTE_001` and `f_ecom_zzte_001` all name the tenant `zzte_001`. */
export function normalizeTenantId(tenant: string): string {
  return tenant
    .trim()
    .toLowerCase()
    .replace(/^f_ecom_/, '')
    .replaceAll('-', '_');
}

/**
 * Whether a tenant filter grants `role` on a tenant: named, or through `{realm}_sbx`, which covers
 * every sandbox of the realm.
 */
export function tenantFilterGrants(
  filter: TenantFilter,
  role: string,
  tenant: string,
  { sandbox }: { sandbox: boolean },
): boolean {
  const wanted = normalizeTenantId(tenant);
  const realm = wanted.split('_')[0];
  return (filter[role] ?? []).some((t) => {
    const granted = normalizeTenantId(t);
    return granted === wanted || (sandbox && granted === `${realm}_sbx`);
  });
}

// Only the documented fields Beacon reads; everything else in the answers is let through unread.

/** `UserRead` (am-users-api-v1.yaml), as `GET /users/current` answers it. */
export const amUserSchema = z.object({
  id: z.string(),
  mail: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  displayName: z.string().nullish(),
  organizations: z.array(z.string()).default([]),
  primaryOrganization: z.string().nullish(),
  roles: z.array(z.string()).default([]),
  roleTenantFilter: z.string().nullish(),
});

/** `Organization` (am-apiclients-api-v1.yaml; `/organizations` answers the same document). */
export const amOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  realms: z.array(z.string()).default([]),
});

/** The Instances API's instance: `{realmId}_{tenantType}` ids, no host name (no spec; ADR 0036). */
export const amInstanceSchema = z.object({
  id: z.string(),
  realmId: z.string(),
  tenantType: z.string(),
  description: z.string().nullish(),
});

/** `APIClientRead`. Without `expand`, organizations and roles are ids; Beacon never expands. */
export const amApiClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizations: z.array(z.string()).default([]),
  active: z.boolean().default(false),
  roles: z.array(z.string()).default([]),
  roleTenantFilter: z.string().nullish(),
});

/**
 * A collection page. `APIClientCollection` and `UserCollection` have `content` only, so the last page
 * is the one shorter than the size asked (or empty).
 */
export const amPageSchema = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item) });

/** `Pageable`: `page` from 0, `size` 1–4000 (default 20), sent flat as `?page=&size=`. */
export const AM_PAGE_SIZE_MAX = 4000;

/** `APIClientCreate`: the required fields and the optional ones Beacon sets. */
export const amApiClientCreateSchema = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().max(256).optional(),
  /** Account Manager organization ids (not Beacon's). */
  organizations: z.array(z.string()).min(1),
  /** The secret, 12–128 characters; Account Manager never shows it again. */
  password: z.string().min(12).max(128),
  roles: z.array(z.string()).optional(),
  roleTenantFilter: z.string().optional(),
  tokenEndpointAuthMethod: z
    .enum(['private_key_jwt', 'client_secret_post', 'client_secret_basic'])
    .optional(),
  /** Created inactive unless true. */
  active: z.boolean().optional(),
});
export type AmApiClientCreate = z.infer<typeof amApiClientCreateSchema>;

/** `PUT /apiclients/{id}/password`: the current password and the new one (12–128). */
export const amPasswordChangeSchema = z.strictObject({
  old: z.string().min(1),
  new: z.string().min(12).max(128),
});
export type AmPasswordChange = z.infer<typeof amPasswordChangeSchema>;

/**
 * The rate-limit headers every API clients (and users, roles) answer carries, 429 included: the
 * limit per minute, the requests left in the window, and when the window resets (a UTC date-time).
 */
export const AM_RATE_LIMIT_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const;
