import { describe, expect, it } from 'vitest';
import { gateFor, OPT_OUT } from './gating';

const verified = { verified: true };
const unverified = { verified: false };
const onboarded = { b2cInstance: { onboarded: true } };
const halfway = { b2cInstance: { onboarded: false } };
const none = { b2cInstance: null };
const member = { isSuperUser: false };
const superuser = { isSuperUser: true };

describe('gating', () => {
  it('blocks an unverified org for regular members with onboarding-needed', () => {
    expect(gateFor({ org: unverified, env: onboarded, user: member })).toBe('onboarding-needed');
  });

  it('lets superusers past an unverified org', () => {
    expect(gateFor({ org: unverified, env: onboarded, user: superuser })).toBeNull();
  });

  it('blocks an env without an onboarded instance', () => {
    expect(gateFor({ org: verified, env: none, user: member })).toBe('integration-missing');
    expect(gateFor({ org: verified, env: halfway, user: superuser })).toBe('integration-missing');
  });

  it('checks the org before the instance', () => {
    expect(gateFor({ org: unverified, env: none, user: member })).toBe('onboarding-needed');
    expect(gateFor({ org: unverified, env: none, user: superuser })).toBe('integration-missing');
  });

  it('lets home opt out of both gates and settings-like routes out of the instance gate', () => {
    expect(gateFor({ org: unverified, env: none, user: member, optOut: OPT_OUT.home })).toBeNull();
    expect(
      gateFor({ org: verified, env: none, user: member, optOut: OPT_OUT.instanceOnly }),
    ).toBeNull();
    expect(
      gateFor({ org: unverified, env: none, user: member, optOut: OPT_OUT.instanceOnly }),
    ).toBe('onboarding-needed');
  });

  it('shows content when everything is in place', () => {
    expect(gateFor({ org: verified, env: onboarded, user: member })).toBeNull();
  });
});
