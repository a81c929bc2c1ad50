/** The settings screen's views: org, env, prompts and users. */
import * as z from 'zod/mini';
import { fallback } from '~/domain/shared/search';

export const SETTINGS_VIEWS = ['org-settings', 'env-settings', 'prompts', 'users'] as const;
export type SettingsView = (typeof SETTINGS_VIEWS)[number];
export const settingsSearch = z.object({
  view: fallback(z.enum(SETTINGS_VIEWS), 'org-settings'),
});
