/** What the review queue's two screens' stories share (stories/screens/reviews-list and reviews-detail). */
import { within } from 'storybook/test';
import { orgs, sessionFor, users } from '~/mock-server/fixtures';
import { type ReviewsMockOptions, reviewsMock } from '~/mock-server/reviews';
import { atEnv } from '~/mock-server/scenarios';
import type { TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';

export const QUEUE = '/app/acme/prod/reviews';
export const scope = { orgId: orgs.acme.id, envId: 'env_prod' };

/**
 * The screen at `url` over the fixture queue; decisions change the queue until the story runs again.
 * `more` overrides procedures.
 */
export function atQueue(url: string, options: ReviewsMockOptions = {}, more: TrpcScenario = {}) {
  const mock = reviewsMock(options);
  const story = screen({
    url,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), ...mock.scenario, ...more },
  });
  return {
    ...story,
    story: {
      ...story.story,
      beforeEach: () => {
        story.story.beforeEach();
        mock.reset();
      },
    },
  };
}

/** Dialogs and select menus render in a portal, outside the story's canvas. */
export const page = () => within(document.body);

export const searchOf = (story: { history(): { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(story.history().location.search));
export const pathOf = (story: { history(): { location: { pathname: string } } }) =>
  story.history().location.pathname;

/** The shortcuts legend's entries as read: "j / k Next / previous", … */
export const shortcuts = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Keyboard shortcuts' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

export const ALPINE = 'p-alpine-rain-jacket';
