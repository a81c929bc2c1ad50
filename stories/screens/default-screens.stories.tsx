import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { sessionFor, users } from '~/mock-server/fixtures';
import { atReviews } from '~/mock-server/reviews';
import { atEnv } from '~/mock-server/scenarios';
import { domainError } from '~/mock-server/trpc/scenario';
import { AppAt, screen } from '~/stories/support/app-harness';
import { expectConsoleError } from '~/tests/support/console';
import { ErrorScreen } from '~/ui/patterns/error-screen';

const meta = {
  title: 'Screens/Default screens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const failure = new Error('Failed to load products: the catalogue service answered 503');

export const ErrorDefault: Story = {
  tags: ['screen-state', 'state:error.default'],
  render: () => <ErrorScreen error={failure} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show Error' })).toBeVisible();
    await expect(canvas.queryByText(failure.message)).not.toBeVisible();
  },
};

export const ErrorDefaultExpanded: Story = {
  tags: ['screen-state', 'state:error.default-expanded'],
  render: () => <ErrorScreen error={failure} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show Error' }));
    await expect(canvas.getByText('Something went wrong!')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hide Error' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByText(failure.message)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: APP_MESSAGES.hideError }));
    await expect(canvas.queryByText(failure.message)).not.toBeVisible();
  },
};

export const NotFound: Story = {
  tags: ['screen-state', 'state:not-found'],
  render: () => <AppAt url="/app/no/such/page/here" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Not Found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Beacon' })).toHaveAttribute(
      'href',
      '/app/',
    );
  },
};

const loaderFails = screen({
  url: '/app/acme/prod/products',
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'orgs.getContext': domainError('UNAVAILABLE', 'The database did not answer in time'),
  },
});
/** An unexpected failure in a route's loader reaches the root's default error screen through the router. */
export const RouteErrorThroughRouter: Story = {
  ...loaderFails.story,
  beforeEach: () => {
    loaderFails.api.reset();
    // React reports what the error boundary caught.
    expectConsoleError('The database did not answer in time');
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: APP_MESSAGES.somethingWentWrong }),
    ).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: APP_MESSAGES.showError }));
    await expect(canvas.getByText(/The database did not answer in time/)).toBeVisible();
    await expect(loaderFails.api.calls('orgs.getContext')).toEqual([
      { orgSlug: 'acme', envSlug: 'prod' },
    ]);
  },
};

const invalidSearch = screen({
  url: '/app/acme/prod/settings?view=bogus',
  session: sessionFor(users.maya),
  trpc: atEnv(),
});
/** An invalid search parameter falls back to its default: the screen, never an error screen. */
export const InvalidSearchFallsBack: Story = {
  ...invalidSearch.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const tabs = within(canvas.getByRole('navigation', { name: 'Settings' }));
    await expect(tabs.getByRole('link', { current: 'page' })).toHaveTextContent('Organization');
    await expect(canvas.getByRole('region', { name: 'Organization' })).toBeVisible();
    await expect(canvas.queryByText(APP_MESSAGES.somethingWentWrong)).toBeNull();
  },
};

const invalidReviews = screen({
  url: '/app/acme/prod/reviews?page=-3&pageSize=1000&agentType=pricing&reviewStatus=maybe',
  session: sessionFor(users.maya),
  // An empty queue: the story's clock is not pinned, and the queue's ages would drift.
  trpc: atReviews({ proposals: [] }),
});
export const InvalidReviewsSearchFallsBack: Story = {
  ...invalidReviews.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    // The pending queue of every agent, page 1: what the defaults are.
    await expect(await canvas.findByText('Nothing to review')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending');
    await expect(canvas.getByRole('combobox', { name: 'Agent' })).toHaveTextContent('All agents');
    await expect(canvas.queryByText(APP_MESSAGES.somethingWentWrong)).toBeNull();
  },
};
