import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sessionFor, users } from '~/mock-server/fixtures';
import { screen } from '~/stories/support/app-harness';

const meta = { title: 'Screens/Status' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const checkedAt = new Date('2026-11-22T09:30:00Z');
const status = screen({
  url: '/app/sp/status',
  session: sessionFor(users.maya),
  trpc: {
    'system.status': [
      { name: 'server', ok: true, latencyMs: 0, lastError: null, checkedAt },
      { name: 'database', ok: true, latencyMs: 3, lastError: null, checkedAt },
      { name: 'identity-provider', ok: true, latencyMs: 12, lastError: null, checkedAt },
      {
        name: 'b2c',
        ok: false,
        latencyMs: 5003,
        lastError: 'Account Manager timed out after 5000 ms',
        checkedAt,
      },
      { name: 'websocket', ok: true, latencyMs: 1, lastError: null, checkedAt },
    ],
  },
});

export const Status: Story = {
  ...status.story,
  tags: ['state:shell.status'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'System status' })).toBeVisible();
    await expect(await canvas.findByText('1 of 5 parts failing')).toBeVisible();
    const rows = canvas.getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Server',
      'Database',
      'Identity provider',
      'B2C Commerce endpoints',
      'WebSocket',
    ]);
    const b2c = within(rows[3]!);
    await expect(b2c.getByText('Failing')).toBeVisible();
    await expect(b2c.getByText('5003 ms')).toBeVisible();
    await expect(b2c.getByText('Account Manager timed out after 5000 ms')).toBeVisible();
  },
};
