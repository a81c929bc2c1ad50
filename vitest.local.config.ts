import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { APP_THEMES, type AppTheme, DEFAULT_APP_THEME } from './domain/shared/app-theme.ts';
import { rootAlias } from './alias.config.ts';
import { launchOptions } from './scripts/chromium.ts';

function storyProject(theme: AppTheme) {
  return {
    plugins: [tailwindcss(), storybookTest({ configDir: '.storybook' })],
    resolve: { alias: rootAlias },
    server: { fs: { allow: ['/work'] } },
    define: { __STORY_TEST_THEME__: JSON.stringify(theme) },
    test: {
      name: theme === DEFAULT_APP_THEME ? 'storybook' : `storybook-${theme}`,
      setupFiles: ['tests/setup/strict-console.ts'],
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions }),
        instances: [{ browser: 'chromium' as const }],
      },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias: rootAlias },
        test: {
          name: 'unit',
          include: [
            '{domain,ui,app,server,mock-server,scripts}/**/*.test.{ts,tsx}',
            'tests/{unit,server}/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/strict-console.ts', 'tests/setup/class-merge.ts'],
        },
      },
      // Every story runs as a test twice: in the default theme and in dim (axe checks contrast in both).
      ...APP_THEMES.map((theme) => storyProject(theme)),
    ],
  },
});
