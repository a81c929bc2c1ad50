import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { screen } from '~/stories/support/app-harness';

const meta = { title: 'Screens/Agents' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const overview = screen({
  url: '/app/acme/prod/agents',
  session: sessionFor(users.maya),
  trpc: atEnv(),
});

export const Overview: Story = {
  ...overview.story,
  tags: ['state:agents.overview'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Agents' }, { timeout: 4000 }),
    ).toBeVisible();
    const card = (name: string) => canvas.getByText(name).closest('li')!;
    await expect(card('Localization Manager')).toHaveTextContent('Part-supervised122 hours saved');
    await expect(card('SEO Specialist')).toHaveTextContent('Autonomous45 hours saved');
    await expect(card('AEO Specialist')).toHaveTextContent('Autonomous24 hours saved');
    await expect(card('Pricing Analyst')).toHaveTextContent('Autonomous');
    await expect(card('Front End Engineer')).toHaveTextContent('SupervisedComing soon');
    await expect(canvas.getByRole('link', { name: /Localization Manager/ })).toHaveAttribute(
      'href',
      '/app/acme/prod/agents/translation',
    );
    await expect(canvas.queryByRole('link', { name: /Pricing Analyst/ })).toBeNull();
  },
};
