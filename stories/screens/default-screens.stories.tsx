import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MESSAGES } from '../../domain/errors';
import { ErrorScreen } from '../../ui/patterns/error-screen';
import { AppAt } from '../support/app-harness';

const meta = {
  title: 'Screens/Default screens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const failure = new Error('Failed to load products: the catalogue service answered 503');

export const ErrorDefault: Story = {
  tags: ['state:error.default'],
  render: () => <ErrorScreen error={failure} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show Error' })).toBeVisible();
    await expect(canvas.queryByText(failure.message)).not.toBeVisible();
  },
};

export const ErrorDefaultExpanded: Story = {
  tags: ['state:error.default-expanded'],
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
    await userEvent.click(canvas.getByRole('button', { name: MESSAGES.hideError }));
    await expect(canvas.queryByText(failure.message)).not.toBeVisible();
  },
};

export const NotFound: Story = {
  tags: ['state:not-found'],
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
