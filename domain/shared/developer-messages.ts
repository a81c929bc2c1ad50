/**
 * Messages for developers, not users: what a hook throws when used outside its provider, and what is
 * only logged. Kept apart from user-facing copy; tests quote them.
 */
export const DEVELOPER_MESSAGES = {
  sessionFetchFailed: 'Failed to fetch session',
  finalOnboardingFailed: 'Could not verify final onboarding step for B2CInstance',
  useSessionOutsideProvider: 'useSession must be used within a SessionProvider',
  useThemeOutsideProvider: 'useTheme must be used within a ThemeProvider',
  useCurrentUserOutsideAuthedPage: 'useCurrentUser must be used inside an AuthedPage.',
  useCurrentEnvOutsideEnvPage: 'useCurrentEnv must be used inside an EnvPage.',
  b2cInstanceMissing: (envSlug: string) =>
    `useB2CInstance needs an onboarded B2C Commerce instance, and env "${envSlug}" has none.`,
} as const;
