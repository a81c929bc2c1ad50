/**
 * Every story as a test, in one browser pass: the built Storybook (development React, so act() and
 * React's warnings behave as in the dev server) renders each story once per app theme, and each render
 * is checked four ways:
 * - its play function finished without throwing, and nothing threw or rejected unhandled meanwhile;
 * - axe found nothing (the a11y addon's own run after play, with the story's a11y parameters): in the
 *   default theme for every story, in dim for the design-system and screen-state stories;
 * - nothing logged console.error that the story did not declare with expectConsoleError, and every
 *   declared one was logged (the strict console of the unit tests);
 * - its screenshot matches the committed baseline (our offline stand-in for Chromatic), unless the story
 *   is tagged `skip-visual`. `npm run test:stories:update` rewrites the baselines.
 *
 * Each worker keeps one Storybook page per theme and switches stories in it through Storybook's own
 * channel (as its manager does), instead of loading the whole preview again for every story. Stories
 * run in file order, so every story always follows the same one and renders the same way on every run.
 */
import { readFileSync } from 'node:fs';
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  test as base,
} from '@playwright/test';
import { APP_THEMES, type AppTheme, DEFAULT_APP_THEME } from '~/domain/shared/app-theme';
import { STORY_PARTS } from './story-parts';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && entry.tags?.includes('test'),
);

/** Dim runs axe on these only; the trade is written in docs/decisions/0032-one-pass-story-tests.md. */
const DIM_AXE_TAGS = ['design-system', 'screen-state'];

interface Report {
  type: string;
  status: 'passed' | 'failed' | 'warning';
  result?: {
    violations?: { id: string; help: string; nodes: { target: unknown[] }[] }[];
    error?: unknown;
  };
}
/** What the page records of one story's render (see the init script). */
interface Outcome {
  finished: boolean;
  status?: 'success' | 'error';
  reporters: Report[];
  errors: string[];
  consoleErrors: string[];
  expected: string[];
}

interface BeaconWindow {
  __STORYBOOK_ADDONS_CHANNEL__?: {
    emit(event: string, payload: unknown): void;
    on(event: string, listener: (payload: never) => void): void;
  };
  __STORYBOOK_PREVIEW__?: {
    storyStoreValue?: { userGlobals: { update(globals: Record<string, unknown>): void } };
  };
  __beaconStory?: { id: string | null; outcome: Outcome };
  __beaconTrack?: (id: string | null) => void;
  __beaconExpectedConsoleErrors?: string[];
}

/**
 * Runs before Storybook's own code: catches the channel as the preview assigns it, and records the
 * current story's end, its play function's exception and unhandled errors. Console errors are recorded
 * here too, in the page, so each one lands on the story that was current when it was logged.
 */
function recordStoryOutcomes() {
  const w = window as unknown as BeaconWindow & Record<string, unknown>;
  const fresh = (): Outcome => ({
    finished: false,
    reporters: [],
    errors: [],
    consoleErrors: [],
    expected: [],
  });
  // Starts a fresh record for the story about to render (the runner calls it before each switch).
  w.__beaconTrack = (id: string | null) => {
    w.__beaconStory = { id, outcome: fresh() };
    w.__beaconExpectedConsoleErrors = [];
  };
  const describe = (error: unknown) => {
    if (error && typeof error === 'object') {
      const { name, message, stack } = error as { name?: string; message?: string; stack?: string };
      return stack ?? `${name ?? 'Error'}: ${message ?? JSON.stringify(error)}`;
    }
    return String(error);
  };
  const originalError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    w.__beaconStory?.outcome.consoleErrors.push(
      args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '),
    );
    originalError(...args);
  };
  let channel: BeaconWindow['__STORYBOOK_ADDONS_CHANNEL__'];
  Object.defineProperty(w, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value: NonNullable<BeaconWindow['__STORYBOOK_ADDONS_CHANNEL__']>) {
      channel = value;
      value.on('storyFinished', ((payload: {
        storyId: string;
        status: 'success' | 'error';
        reporters: Report[];
      }) => {
        const current = w.__beaconStory;
        if (!current || current.id !== payload.storyId) return;
        current.outcome.finished = true;
        current.outcome.status = payload.status;
        current.outcome.reporters = payload.reporters;
        // What the story declared (expectConsoleError) is read once it has finished.
        current.outcome.expected = w.__beaconExpectedConsoleErrors ?? [];
        w.__beaconExpectedConsoleErrors = [];
      }) as never);
      value.on('playFunctionThrewException', ((error: unknown) => {
        w.__beaconStory?.outcome.errors.push(`The play function threw: ${describe(error)}`);
      }) as never);
      value.on('unhandledErrorsWhilePlaying', ((errors: unknown[]) => {
        for (const error of errors)
          w.__beaconStory?.outcome.errors.push(`Unhandled while playing: ${describe(error)}`);
      }) as never);
      value.on('storyThrewException', ((error: unknown) => {
        w.__beaconStory?.outcome.errors.push(`The story threw: ${describe(error)}`);
      }) as never);
      value.on('storyErrored', ((error: unknown) => {
        w.__beaconStory?.outcome.errors.push(`The story errored: ${describe(error)}`);
      }) as never);
    },
  });
  // The first story is the one in the URL; later ones are announced by the runner before switching.
  w.__beaconTrack(new URL(location.href).searchParams.get('id'));
}

async function startStory(page: Page, storyId: string, axe: boolean) {
  await page.evaluate(
    ({ id, manual }) => {
      const w = window as unknown as BeaconWindow;
      w.__beaconTrack?.(id);
      // Whether the a11y addon runs axe after the story: written into the preview's globals
      // directly, because an `updateGlobals` event would first render the current story again
      // (its loaders and beforeEach included) before the switch.
      w.__STORYBOOK_PREVIEW__?.storyStoreValue?.userGlobals.update({ a11y: { manual } });
      w.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
    },
    { id: storyId, manual: !axe },
  );
}

/** Waits for the story's end (play function and axe done), then for its fonts. */
async function finished(page: Page, storyId: string): Promise<Outcome> {
  const handle = await page.waitForFunction((id) => {
    const current = (window as unknown as BeaconWindow).__beaconStory;
    return current?.id === id && current.outcome.finished ? current.outcome : null;
  }, storyId);
  const outcome = (await handle.jsonValue()) as Outcome;
  await page.evaluate(() => document.fonts.ready);
  return outcome;
}

async function openStorybook(
  browser: Browser,
  options: BrowserContextOptions,
  theme: AppTheme,
  storyId: string,
  axe: boolean,
) {
  const page = await browser.newPage(options);
  await page.addInitScript(recordStoryOutcomes);
  page.on('pageerror', (error) => {
    void page
      .evaluate((message) => {
        (window as unknown as BeaconWindow).__beaconStory?.outcome.errors.push(
          `Uncaught: ${message}`,
        );
      }, error.message)
      .catch(() => undefined);
  });
  const a11y = axe ? '' : ';a11y.manual:!true';
  await page.goto(`/iframe.html?id=${storyId}&viewMode=story&globals=theme:${theme}${a11y}`);
  return page;
}

function problems(outcome: Outcome): string[] {
  const found = [...outcome.errors];
  for (const report of outcome.reporters) {
    if (report.status !== 'failed') continue;
    if (report.type === 'a11y' && report.result?.violations) {
      for (const violation of report.result.violations)
        found.push(
          `axe ${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
      if (report.result.error) found.push(`axe could not run: ${String(report.result.error)}`);
    } else found.push(`${report.type} report failed: ${JSON.stringify(report.result)}`);
  }
  if (outcome.status === 'error' && found.length === 0)
    found.push('Storybook reported the story as failed');
  const unexpected = outcome.consoleErrors.filter(
    (line) => !outcome.expected.some((e) => line.includes(e)),
  );
  const missing = outcome.expected.filter(
    (e) => !outcome.consoleErrors.some((line) => line.includes(e)),
  );
  for (const line of unexpected) found.push(`Unexpected console.error: ${line}`);
  for (const line of missing) found.push(`Expected console.error never logged: ${line}`);
  return found;
}

const test = base.extend<
  object,
  { storybook: (theme: AppTheme, storyId: string, axe: boolean) => Promise<Page> }
>({
  storybook: [
    async ({ browser }, use, workerInfo) => {
      // Worker-scoped pages do not get the project's `use` options by themselves.
      const { baseURL, viewport, deviceScaleFactor } = workerInfo.project.use;
      const options = { baseURL, viewport, deviceScaleFactor };
      const pages = new Map<AppTheme, Page>();
      await use(async (theme, storyId, axe) => {
        let page = pages.get(theme);
        if (!page || page.isClosed()) {
          page = await openStorybook(browser, options, theme, storyId, axe);
          pages.set(theme, page);
        } else await startStory(page, storyId, axe);
        return page;
      });
      for (const page of pages.values()) await page.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * Splits the stories, in file order, into STORY_PARTS runs of about equal time (a worker per theme and
 * part, playwright.config.ts). A screen story (the app with its mocked server) takes about four and a
 * half times as long as a component's with four workers on two cores (the weight that put the split
 * where the measured times balance); the split is fixed by the stories alone, so each story keeps its
 * predecessor.
 */
function partsOf(list: IndexEntry[]): number[] {
  const weight = (entry: IndexEntry) => (entry.title.startsWith('Screens/') ? 4.5 : 1);
  const total = list.reduce((sum, entry) => sum + weight(entry), 0);
  let before = 0;
  return list.map((entry) => {
    const part = Math.min(STORY_PARTS, Math.floor((before * STORY_PARTS) / total) + 1);
    before += weight(entry);
    return part;
  });
}
const parts = partsOf(stories);

for (const [i, story] of stories.entries()) {
  const part = parts[i];
  for (const theme of APP_THEMES) {
    const axe =
      theme === DEFAULT_APP_THEME || DIM_AXE_TAGS.some((tag) => story.tags?.includes(tag));
    test(`${story.title} / ${story.name} (${story.id}) [${theme} ${part}/${STORY_PARTS}]`, async ({
      storybook,
    }) => {
      const page = await storybook(theme, story.id, axe);
      const outcome = await finished(page, story.id);
      expect(problems(outcome), `${story.id} in ${theme}`).toEqual([]);
      if (story.tags?.includes('skip-visual')) return;
      // A story that pins the other theme (e.g. the app's stored one) is screenshotted in that theme only.
      const shown = await page.locator('html').getAttribute('data-theme');
      if (shown !== theme) return;
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true });
    });
  }
}
