import { describe, expect, it } from 'vitest';
import { createEnvInput, createOrgInput } from './inputs';
import { ORG_MESSAGES } from './messages';
import { RESERVED_SLUGS, slugSchema } from './slug';

describe('reserved slugs', () => {
  it.each(RESERVED_SLUGS)('rejects %j with a field error saying it is reserved', (slug) => {
    const result = slugSchema.safeParse(slug);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([ORG_MESSAGES.reservedSlug(slug)]);
  });

  it('names the route-level words of the app routes, for orgs and envs alike', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual(
      [
        'accept-invite',
        'agents',
        'analyst',
        'auth',
        'create-env',
        'create-org',
        'landing-pages',
        'onboarding',
        'pages',
        'products',
        'reviews',
        'settings',
        'sp',
      ].sort(),
    );
    expect(ORG_MESSAGES.reservedSlug('settings')).toBe(
      `"settings" is reserved by Beacon's own pages. Choose another.`,
    );
  });

  it('accepts slugs that only contain a reserved word', () => {
    for (const slug of ['settings-eu', 'my-products', 'spa', 'auth0', 'pages-2']) {
      expect(slugSchema.safeParse(slug).success, slug).toBe(true);
    }
  });

  it('applies to the create-org and create-env inputs the server validates', () => {
    const org = createOrgInput.safeParse({ name: 'Status Pages', slug: 'sp' });
    expect(org.error?.issues).toMatchObject([
      { path: ['slug'], message: ORG_MESSAGES.reservedSlug('sp') },
    ]);
    const env = createEnvInput.safeParse({ orgId: 'o1', name: 'Settings', slug: 'settings' });
    expect(env.error?.issues).toMatchObject([
      { path: ['slug'], message: ORG_MESSAGES.reservedSlug('settings') },
    ]);
    expect(createEnvInput.safeParse({ orgId: 'o1', name: 'EU', slug: 'eu' }).success).toBe(true);
  });
});
