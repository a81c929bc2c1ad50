/** The landing page procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { PRESETS } from '~/domain/theme-designer/theme-designer';
import { SEED_ENVS } from '~/server/seed-data';
import type { AuthzSamples } from '~/server/trpc/authz-sample';

const env = (f: { acme: string }) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id });
const one = (f: { acme: string }) => ({ ...env(f), pageId: 'walk-landing-page' });
const fields = {
  title: 'Summer sale',
  slug: 'summer-sale',
  locale: 'default',
  themeId: null,
  sections: [{ type: 'hero', heading: 'Summer sale' }],
};

export const authzSamples: AuthzSamples = {
  'landingPages.list': { input: env, superuserOnly: true },
  'landingPages.get': { input: one, superuserOnly: true },
  'landingPages.create': { input: (f) => ({ ...env(f), ...fields }), superuserOnly: true },
  'landingPages.update': { input: (f) => ({ ...one(f), ...fields }), superuserOnly: true },
  'landingPages.delete': { input: one, superuserOnly: true },
  'landingPages.publish': { input: one, superuserOnly: true },
  'landingPages.unpublish': { input: one, superuserOnly: true },
  'landingPages.contentLibrary': { input: env, superuserOnly: true },
  'landingPages.setContentLibrary': {
    input: (f) => ({ ...env(f), libraryId: null }),
    superuserOnly: true,
  },
  'landingPages.themes': { input: (f) => ({ orgId: f.acme }), superuserOnly: true },
  'landingPages.saveTheme': {
    input: (f) => ({ orgId: f.acme, name: 'Walk', theme: PRESETS.beacon.theme }),
    superuserOnly: true,
  },
};
