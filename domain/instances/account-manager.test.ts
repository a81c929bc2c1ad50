import { describe, expect, it } from 'vitest';
import {
  AM_ROLES,
  formatTenantFilter,
  normalizeTenantId,
  parseTenantFilter,
  tenantFilterGrants,
} from './account-manager';

describe('tenant filters', () => {
  it('read and write `ROLE:t1,t2;ROLE2:t3`, leaving roles without tenants out of the text', () => {
    const text = 'CCDX_SBX_USER:zzte_sbx;ECOM_USER:zzte_prd,zzte_stg';
    expect(parseTenantFilter(text)).toEqual({
      CCDX_SBX_USER: ['zzte_sbx'],
      ECOM_USER: ['zzte_prd', 'zzte_stg'],
    });
    expect(formatTenantFilter(parseTenantFilter(text))).toBe(text);
    expect(formatTenantFilter({ AM_API_ADMIN: [], ECOM_USER: ['zzte_prd'] })).toBe(
      'ECOM_USER:zzte_prd',
    );
    expect(parseTenantFilter(null)).toEqual({});
    expect(parseTenantFilter('AM_ACCOUNT_ADMIN;')).toEqual({ AM_ACCOUNT_ADMIN: [] });
  });

  it('name tenants alike whatever the spelling, and `{realm}_sbx` grants every sandbox of the realm', () => {
    expect(['zzte-001', 'ZZTE_001', 'f_ecom_zzte_001'].map(normalizeTenantId)).toEqual([
      'zzte_001',
      'zzte_001',
      'zzte_001',
    ]);
    const filter = parseTenantFilter('CCDX_SBX_USER:zzte_sbx;ECOM_USER:zzte_prd');
    const role = AM_ROLES.sandboxApiUser;
    expect(tenantFilterGrants(filter, role, 'zzte-002', { sandbox: true })).toBe(true);
    expect(tenantFilterGrants(filter, role, 'zzte_002', { sandbox: false })).toBe(false);
    expect(tenantFilterGrants(filter, role, 'abcd_001', { sandbox: true })).toBe(false);
    expect(
      tenantFilterGrants(filter, AM_ROLES.businessManagerUser, 'zzte_prd', { sandbox: false }),
    ).toBe(true);
  });
});
