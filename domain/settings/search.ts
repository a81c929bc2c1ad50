/** The settings screen's views: org, env, prompts, users and the signed-in person's account. */
import { fallback, oneOf, searchSchema } from '~/domain/shared/search';

export const SETTINGS_VIEWS = [
  'org-settings',
  'env-settings',
  'prompts',
  'users',
  'account',
] as const;
export type SettingsView = (typeof SETTINGS_VIEWS)[number];
export const settingsSearch = searchSchema({
  view: fallback(oneOf(SETTINGS_VIEWS), 'org-settings'),
});
