import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { HealthCheck } from '~/domain/system/entities';
import { sessionFor, users } from '~/mock-server/fixtures';
import { pending } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';

const meta = { title: 'Screens/Status' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const checkedAt = new Date('2026-11-22T09:30:00Z');
/** One report of the five parts, with the named parts failing. */
function report(...failing: HealthCheck['name'][]): HealthCheck[] {
  const parts: HealthCheck['name'][] = [
    'server',
    'database',
    'identity-provider',
    'b2c',
    'websocket',
  ];
  const latency = { server: 0, database: 3, 'identity-provider': 12, b2c: 5003, websocket: 1 };
  const lastError: Partial<Record<HealthCheck['name'], string>> = {
    database: 'Connection refused',
    b2c: 'Account Manager timed out after 5000 ms',
  };
  return parts.map((name) =>
    failing.includes(name)
      ? {
          name,
          ok: false,
          latencyMs: latency[name],
          lastError: lastError[name] ?? 'Unreachable',
          checkedAt,
        }
      : { name, ok: true, latencyMs: latency[name], lastError: null, checkedAt },
  );
}

const status = screen({
  url: '/app/sp/status',
  session: sessionFor(users.maya),
  // The live feed stays quiet: the page shows the report it loaded.
  trpc: { 'system.status': report('b2c'), 'system.statusUpdates': pending },
});

/** Lets the play function say when the live feed sends its next report. */
let sendNextReport = () => {};
const live = screen({
  url: '/app/sp/status',
  session: sessionFor(users.maya),
  trpc: {
    'system.status': report('database', 'b2c'),
    'system.statusUpdates': async function* () {
      yield report();
      await new Promise<void>((resolve) => (sendNextReport = resolve));
      yield report('b2c');
    },
  },
});

export const Status: Story = {
  ...status.story,
  tags: ['screen-state', 'state:shell.status'],
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

/** The page follows the server's pushed reports: the loaded one, then each report the feed sends. */
export const LiveUpdates: Story = {
  ...live.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('All systems healthy')).toBeVisible();
    await expect(canvas.queryByText('2 of 5 parts failing')).toBeNull();
    sendNextReport();
    await expect(await canvas.findByText('1 of 5 parts failing')).toBeVisible();
    const b2c = within(canvas.getAllByRole('row')[4]!);
    await expect(b2c.getByText('Failing')).toBeVisible();
    await expect(live.api.calls('system.statusUpdates')).toEqual([undefined]);
  },
};
