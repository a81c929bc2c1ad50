import { describe, expect, it } from 'vitest';
import {
  confirmationMatches,
  DELETION_MESSAGES,
  envDeletionLosses,
  mayDeleteEnv,
  mayDeleteOrg,
  secretGoesWithEnv,
} from './deletion';

const linked = { id: 'i', instanceId: 'zzte_001', onboarded: true };

describe('who may delete', () => {
  it('an env: its org’s owners and superusers', () => {
    expect(mayDeleteEnv({ isSuperUser: false, role: 'owner' })).toBe(true);
    expect(mayDeleteEnv({ isSuperUser: true, role: null })).toBe(true);
    expect(mayDeleteEnv({ isSuperUser: false, role: 'member' })).toBe(false);
    expect(mayDeleteEnv({ isSuperUser: false, role: null })).toBe(false);
  });

  it('an org: superusers, or its last owner', () => {
    expect(mayDeleteOrg({ isSuperUser: false, role: 'owner' }, 1)).toBe(true);
    expect(mayDeleteOrg({ isSuperUser: false, role: 'owner' }, 2)).toBe(false);
    expect(mayDeleteOrg({ isSuperUser: false, role: 'member' }, 1)).toBe(false);
    expect(mayDeleteOrg({ isSuperUser: true, role: null }, 3)).toBe(true);
  });
});

describe('the typed confirmation', () => {
  it('is the slug exactly, spaces around it aside', () => {
    expect(confirmationMatches('prod', 'prod')).toBe(true);
    expect(confirmationMatches('  prod ', 'prod')).toBe(true);
    expect(confirmationMatches('Prod', 'prod')).toBe(false);
    expect(confirmationMatches('pro', 'prod')).toBe(false);
    expect(confirmationMatches('', 'prod')).toBe(false);
  });
});

describe('what goes with an env', () => {
  it('takes the org’s API client secret only when no other env is linked to an instance', () => {
    const prod = { id: 'prod', b2cInstance: linked };
    const staging = { id: 'staging', b2cInstance: null };
    expect(secretGoesWithEnv(prod, [prod, staging])).toBe(true);
    expect(secretGoesWithEnv(staging, [prod, staging])).toBe(false);
    expect(envDeletionLosses(true)).toContain('The stored API client secret');
    expect(envDeletionLosses(false)).not.toContain('The stored API client secret');
  });

  it('names what still runs in plain words', () => {
    expect(DELETION_MESSAGES.envWorkRunning(['catalogue-sync'])).toBe(
      'This environment cannot be deleted while a catalogue sync is running. Wait for it to end, or cancel it, then delete.',
    );
    expect(DELETION_MESSAGES.envWorkRunning(['agent-run', 'publish'])).toBe(
      'This environment cannot be deleted while an agent run and publishing approved proposals are running. Wait for them to end, or cancel them, then delete.',
    );
  });
});
