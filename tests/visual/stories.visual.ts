/**
 * Visual baselines, our offline stand-in for Chromatic: every story of the built Storybook, in both
 * app themes, compared with the committed screenshots. `npm run test:visual:update` rewrites them.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { APP_THEMES } from '../../domain/constants';

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

for (const story of stories) {
  for (const theme of APP_THEMES) {
    test(`${story.id} [${theme}]`, async ({ page }) => {
      await page.goto(`/iframe.html?id=${story.id}&viewMode=story&globals=theme:${theme}`);
      // Wait until the story has rendered and its play function has finished.
      await page.waitForFunction(() => {
        const preview = (
          window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
        ).__STORYBOOK_PREVIEW__;
        const phase = preview?.currentRender?.phase;
        return (
          phase === 'completed' ||
          phase === 'finished' ||
          phase === 'errored' ||
          phase === 'aborted'
        );
      });
      await page.evaluate(() => document.fonts.ready);
      const shown = await page.locator('html').getAttribute('data-theme');
      test.skip(shown !== theme, `the story pins the ${shown} theme`);
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true });
    });
  }
}
