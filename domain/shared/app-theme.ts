/** The app's colour theme: which ones exist, the default, and how a stored value is read back. */
import { z } from 'zod/mini';

export const APP_THEMES = ['beacon', 'dim'] as const;
export type AppTheme = (typeof APP_THEMES)[number];
export const DEFAULT_APP_THEME: AppTheme = 'beacon';
export const THEME_STORAGE_KEY = 'theme';

/** Anything but a known theme falls back to the default. */
export const appThemeSchema = z.catch(z.enum(APP_THEMES), DEFAULT_APP_THEME);
