import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { rootAlias } from '../alias.config.ts';
import { routerGeneratorOptions } from '../router.config.ts';
import { beaconBaselines } from './beacon-baselines.ts';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The visual baselines, shown small on the Screen states page beside each state's sign-off.
  staticDirs: ['./public', { from: '../tests/visual/__screenshots__', to: '/baselines' }],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The built Storybook is what the story tests run (tests/visual/stories.visual.ts): with React's
  // development build, act() and React's warnings behave there as in the dev server.
  features: { developmentModeForBuild: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(base) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(base, {
      plugins: [
        tanstackRouterGenerator(routerGeneratorOptions),
        tailwindcss(),
        beaconBaselines(fileURLToPath(new URL('..', import.meta.url))),
      ],
      resolve: { alias: rootAlias },
      // Pre-bundle up front: a re-optimisation in the middle of a story-test run reloads the page.
      optimizeDeps: {
        include: [
          'react',
          'react-dom',
          'react-dom/client',
          'react/jsx-runtime',
          '@tanstack/react-router',
          '@tanstack/react-query',
          '@trpc/client',
          // The AEO trend chart's library: found late otherwise, and the reload fails a story run.
          'recharts',
          '@trpc/server',
          '@trpc/server/adapters/fetch',
          '@trpc/tanstack-react-query',
          'superjson',
          'zod',
          'msw',
          'msw/browser',
          'class-variance-authority',
          'clsx',
          'tailwind-merge',
          'lucide-react',
          '@radix-ui/react-slot',
          '@radix-ui/react-dialog',
          '@radix-ui/react-dropdown-menu',
          '@radix-ui/react-tooltip',
          '@radix-ui/react-tabs',
          '@radix-ui/react-select',
          '@radix-ui/react-switch',
          '@radix-ui/react-checkbox',
          '@radix-ui/react-avatar',
          '@radix-ui/react-label',
        ],
      },
    });
  },
};

export default config;
