import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { useLayoutEffect, type ReactNode } from 'react';
import { APP_THEMES, DEFAULT_APP_THEME } from '~/domain/shared/app-theme';
import { loadClassMerge } from '~/ui/lib/cn';
import '~/ui/styles/index.css';

/** Applies the toolbar's app theme the way the app does: data-theme on the document root. */
function ThemeRoot({ theme, children }: { theme: string; children: ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.setAttribute('data-theme', theme);
  }, [theme]);
  return children;
}

// A story with `parameters: { appTheme: 'app' }` leaves data-theme to the app (e.g. its ThemeProvider).
const withAppTheme: Decorator = (Story, context) =>
  context.parameters.appTheme === 'app' ? (
    <Story />
  ) : (
    <ThemeRoot theme={(context.globals.theme as string | undefined) ?? DEFAULT_APP_THEME}>
      <Story />
    </ThemeRoot>
  );

// Story tests run once per app theme: vitest.config.ts defines the theme for each run.
declare const __STORY_TEST_THEME__: string | undefined;
const initialTheme =
  typeof __STORY_TEST_THEME__ === 'string' ? __STORY_TEST_THEME__ : DEFAULT_APP_THEME;

const preview: Preview = {
  // Stories render ui as a signed-in page does, with tailwind-merge loaded (ui/lib/cn.ts).
  beforeAll: async () => {
    await loadClassMerge();
  },
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      // Any request a story makes that no handler answers is a bug in the story's scenario.
      await worker.start({
        quiet: true,
        onUnhandledRequest: (request, print) => {
          const url = new URL(request.url);
          if (url.origin === location.origin && /^\/(trpc|api|ws)\b/.test(url.pathname))
            print.error();
        },
      });
      return worker;
    }),
  ],
  decorators: [withAppTheme],
  globalTypes: {
    theme: {
      description: 'App theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: APP_THEMES.map((value) => ({ value, title: value })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: initialTheme },
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
