/** The app's colour theme: which ones exist, the default, and where it is stored (read back by `parseTheme` in app/lib/theme.tsx). */
export const APP_THEMES = ['beacon', 'dim'] as const;
export type AppTheme = (typeof APP_THEMES)[number];
export const DEFAULT_APP_THEME: AppTheme = 'beacon';
export const THEME_STORAGE_KEY = 'theme';
