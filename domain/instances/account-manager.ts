/**
 * Account Manager facts Beacon and its simulator share: role enum names as they appear in access
 * tokens and tenant filters, and the tenant filter's format. Sources in
 * docs/decisions/0036-account-manager-as-documented.md.
 */

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
