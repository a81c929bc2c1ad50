import { describe, expect, it } from 'vitest';
import { gateFor, optOutOf, SCREEN_GATES } from './gating';

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
    expect(
      gateFor({ org: unverified, env: none, user: member, optOut: SCREEN_GATES.home }),
    ).toBeNull();
    expect(
      gateFor({ org: verified, env: none, user: member, optOut: SCREEN_GATES.settings }),
    ).toBeNull();
    expect(
      gateFor({ org: unverified, env: none, user: member, optOut: SCREEN_GATES.settings }),
    ).toBe('onboarding-needed');
  });

  it('holds the spec: home opts out of both; settings, onboarding, landing pages, agents and theme of the instance; the rest of neither', () => {
    expect(SCREEN_GATES).toEqual({
      home: { orgVerification: true, instance: true },
      settings: { instance: true },
      onboarding: { instance: true },
      landingPages: { instance: true },
      agents: { instance: true },
      theme: { instance: true },
      products: {},
      reviews: {},
      analyst: {},
    });
  });

  it('a procedure several screens use opts out of what any of them does', () => {
    expect(optOutOf(['products'])).toEqual({ orgVerification: false, instance: false });
    expect(optOutOf(['products', 'landingPages'])).toEqual({
      orgVerification: false,
      instance: true,
    });
    expect(optOutOf(['home', 'products'])).toEqual({ orgVerification: true, instance: true });
  });

  it('shows content when everything is in place', () => {
    expect(gateFor({ org: verified, env: onboarded, user: member })).toBeNull();
  });
});
