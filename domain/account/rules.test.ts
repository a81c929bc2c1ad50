import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './messages';
import { accountConfirmationMatches, accountDeletionBlockers, signInMethodLabel } from './rules';

describe('signInMethodLabel', () => {
  it('names the providers Beacon offers; another shows as its id', () => {
    expect(signInMethodLabel('salesforce')).toBe('Salesforce');
    expect(signInMethodLabel('google')).toBe('Google');
    expect(signInMethodLabel('github')).toBe('github');
  });
});

describe('accountDeletionBlockers', () => {
  it('is every org they are the last owner of, whether or not it has other members', () => {
    const orgs = [
      { name: 'A', lastOwner: true },
      { name: 'B', lastOwner: false },
      { name: 'C', lastOwner: true },
    ];
    expect(accountDeletionBlockers(orgs).map((o) => o.name)).toEqual(['A', 'C']);
    expect(accountDeletionBlockers([])).toEqual([]);
  });

  it('names them in the refusal', () => {
    expect(ACCOUNT_MESSAGES.lastOwnerOfOrgs([{ name: 'Acme' }])).toBe(
      'You are the last owner of Acme. Make another member an owner of it, or delete it, before you delete your account.',
    );
    expect(ACCOUNT_MESSAGES.lastOwnerOfOrgs([{ name: 'A' }, { name: 'B' }, { name: 'C' }])).toBe(
      'You are the last owner of A, B and C. Make another member an owner of each, or delete them, before you delete your account.',
    );
  });
});

describe('accountConfirmationMatches', () => {
  it('is their email address, case and surrounding spaces aside', () => {
    expect(accountConfirmationMatches('maya@beacon.test', 'maya@beacon.test')).toBe(true);
    expect(accountConfirmationMatches('  Maya@Beacon.TEST ', 'maya@beacon.test')).toBe(true);
    expect(accountConfirmationMatches('maya@beacon.tes', 'maya@beacon.test')).toBe(false);
    expect(accountConfirmationMatches('', 'maya@beacon.test')).toBe(false);
  });
});
