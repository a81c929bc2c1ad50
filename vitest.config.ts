import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { launchOptions } from './scripts/chromium.ts';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: [
            '{domain,ui,app,server,mock-server,scripts}/**/*.test.{ts,tsx}',
            'tests/{unit,server}/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/strict-console.ts'],
        },
      },
      {
        plugins: [tailwindcss(), storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          setupFiles: ['tests/setup/strict-console.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
