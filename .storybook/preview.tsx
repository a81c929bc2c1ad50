import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { configure, waitFor } from 'storybook/test';
import { useLayoutEffect, type ReactNode } from 'react';
import { APP_THEMES, DEFAULT_APP_THEME } from '~/domain/shared/app-theme';
import { loadClassMerge } from '~/ui/lib/cn';
import { forgetRenderedApp, renderedAppSettled } from '~/stories/support/app-harness';
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

/** How long a play function's wait may take before it fails (the test's own limit is 30 s). */
const STORY_WAIT_LIMIT_MS = 10_000;

// Story tests run once per app theme: vitest.config.ts defines the theme for each run.
declare const __STORY_TEST_THEME__: string | undefined;
const initialTheme =
  typeof __STORY_TEST_THEME__ === 'string' ? __STORY_TEST_THEME__ : DEFAULT_APP_THEME;

const preview: Preview = {
  beforeAll: async () => {
    // Stories render ui as a signed-in page does, with tailwind-merge loaded (ui/lib/cn.ts).
    await loadClassMerge();
    // findBy* and waitFor wait for a condition; this is only how long before one counts as never met.
    // Testing Library's 1 s is made for jsdom: a story that loads the app's chunks and data on a busy
    // machine can legitimately take longer, and a tight bound made such waits fail under load (ADR 0032).
    configure({ asyncUtilTimeout: STORY_WAIT_LIMIT_MS });
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
  beforeEach: () => {
    forgetRenderedApp();
  },
  /**
   * A screen story ends once its app has finished loading, not while route chunks, loaders or queries
   * are still in flight. Work left in flight resolves while Storybook unmounts the story (inside an
   * act() scope it has already marked as not a test environment), and React then logs "The current
   * testing environment is not configured to support act(...)" against the next story; whether it
   * did depended on how busy the machine was. A story that shows a state that never finishes loading
   * says so with `parameters: { stillLoading: true }`.
   */
  afterEach: async ({ parameters }) => {
    if (parameters.stillLoading === true) return;
    await waitFor(() => {
      if (renderedAppSettled() === false)
        throw new Error(
          'The story ended while its app was still loading (router, queries or mutations in flight). ' +
            'Wait for what the screen shows once loaded, or set parameters.stillLoading if the ' +
            'story shows a state that never finishes loading.',
        );
    });
  },
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
