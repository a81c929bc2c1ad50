import { describe, expect, it } from 'vitest';
import { orgCreationFor } from './creation';

describe('orgCreationFor', () => {
  it('lets superusers create any number of orgs', () => {
    expect(orgCreationFor({ isSuperUser: true, campaign: null }, 3)).toBe('any');
  });

  it('lets a newcomer from the free AEO report create their first org, and only their first', () => {
    expect(orgCreationFor({ isSuperUser: false, campaign: 'aeo' }, 0)).toBe('first');
    expect(orgCreationFor({ isSuperUser: false, campaign: 'aeo' }, 1)).toBe('none');
  });

  it('sends everyone else to an invitation', () => {
    expect(orgCreationFor({ isSuperUser: false, campaign: null }, 0)).toBe('none');
  });
});
