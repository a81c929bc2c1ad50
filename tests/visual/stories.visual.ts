/**
 * Visual baselines, our offline stand-in for Chromatic: every story of the built Storybook, in both
 * app themes, compared with the committed screenshots. `npm run test:visual:update` rewrites them.
 *
 * Each worker keeps one Storybook page per theme and switches stories in it through Storybook's own
 * channel (as its manager does), instead of loading the whole preview again for every screenshot.
 * Stories already run one after another in one page as story tests, so each sets up what it needs.
 */
import { readFileSync } from 'node:fs';
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  test as base,
} from '@playwright/test';
import { APP_THEMES, type AppTheme } from '~/domain/shared/app-theme';

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  tags?: string[];
}
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('skip-visual'),
);

interface StorybookWindow {
  __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
}

/** Resolves once `storyId` has rendered and its play function has finished (or failed). */
async function settled(page: Page, storyId: string) {
  await page.waitForFunction((id) => {
    const render = (window as unknown as StorybookWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return (
      render?.id === id &&
      ['completed', 'finished', 'errored', 'aborted'].includes(render.phase ?? '')
    );
  }, storyId);
  await page.evaluate(() => document.fonts.ready);
}

async function openStorybook(
  browser: Browser,
  options: BrowserContextOptions,
  theme: AppTheme,
  firstStoryId: string,
) {
  const page = await browser.newPage(options);
  await page.goto(`/iframe.html?id=${firstStoryId}&viewMode=story&globals=theme:${theme}`);
  await settled(page, firstStoryId);
  return page;
}

const test = base.extend<
  object,
  { storybook: (theme: AppTheme, storyId: string) => Promise<Page> }
>({
  storybook: [
    async ({ browser }, use, workerInfo) => {
      // Worker-scoped pages do not get the project's `use` options by themselves.
      const { baseURL, viewport, deviceScaleFactor } = workerInfo.project.use;
      const options = { baseURL, viewport, deviceScaleFactor };
      const pages = new Map<AppTheme, Page>();
      await use(async (theme, storyId) => {
        let page = pages.get(theme);
        if (!page || page.isClosed()) {
          page = await openStorybook(browser, options, theme, storyId);
          pages.set(theme, page);
          return page;
        }
        await page.evaluate(
          (id) =>
            (window as unknown as StorybookWindow).__STORYBOOK_ADDONS_CHANNEL__?.emit(
              'setCurrentStory',
              { storyId: id, viewMode: 'story' },
            ),
          storyId,
        );
        await settled(page, storyId);
        return page;
      });
      for (const page of pages.values()) await page.close();
    },
    { scope: 'worker' },
  ],
});

for (const story of stories) {
  for (const theme of APP_THEMES) {
    test(`${story.id} [${theme}]`, async ({ storybook }) => {
      const page = await storybook(theme, story.id);
      const shown = await page.locator('html').getAttribute('data-theme');
      test.skip(shown !== theme, `the story pins the ${shown} theme`);
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true });
    });
  }
}
