import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScreenStatesTable } from '~/stories/support/screen-states-table';

/** A stand-in baseline picture: a light or dark page with a heading bar. */
function picture(page: string, bar: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="72"><rect width="96" height="72" fill="${page}"/><rect x="8" y="8" width="60" height="8" fill="${bar}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
const pictures: Record<string, string> = {
  beacon: picture('#ffffff', '#1d4ed8'),
  dim: picture('#1f2937', '#93c5fd'),
};

const hash = (digit: string) => digit.repeat(64);

const meta = {
  title: 'Docs/Screen states table',
  component: ScreenStatesTable,
  // Fixture data only; the table is not a screen of its own to photograph.
  tags: ['skip-visual'],
  args: {
    states: [
      { id: 'fixture.approved', spec: '2', route: '/app/', shows: 'A state approved as it is.' },
      {
        id: 'fixture.redrawn',
        spec: '3',
        route: '/app/x',
        shows: 'A state redrawn after approval.',
      },
      {
        id: 'fixture.unreviewed',
        spec: '4',
        route: '/app/y',
        shows: 'A state nobody approved yet.',
      },
      { id: 'fixture.pending', spec: '5', route: '/app/z', shows: 'A state with no story yet.' },
    ],
    stories: {
      'fixture.approved': [{ id: 'fixture--approved', name: 'Fixture / Approved' }],
      'fixture.redrawn': [{ id: 'fixture--redrawn', name: 'Fixture / Redrawn' }],
      'fixture.unreviewed': [{ id: 'fixture--unreviewed', name: 'Fixture / Unreviewed' }],
    },
    record: {
      about: 'Fixture sign-offs.',
      signoffs: {
        'fixture.approved': {
          by: 'Ada Lovelace',
          at: '2026-11-20T10:00:00.000Z',
          baselines: {
            'fixture--approved--beacon.png': hash('a'),
            'fixture--approved--dim.png': hash('b'),
          },
        },
        'fixture.redrawn': {
          by: 'Grace Hopper',
          at: '2026-11-21T16:30:00.000Z',
          baselines: {
            'fixture--redrawn--beacon.png': hash('c'),
            'fixture--redrawn--dim.png': hash('d'),
          },
        },
      },
    },
    baselines: {
      'fixture--approved--beacon.png': hash('a'),
      'fixture--approved--dim.png': hash('b'),
      'fixture--redrawn--beacon.png': hash('c'),
      'fixture--redrawn--dim.png': hash('e'),
      'fixture--unreviewed--beacon.png': hash('f'),
      'fixture--unreviewed--dim.png': hash('0'),
    },
    baselineUrl: (file: string) => pictures[/--(\w+)\.png$/.exec(file)?.[1] ?? 'beacon'] ?? '',
  },
} satisfies Meta<typeof ScreenStatesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One state of each sign-off status, and one still pending. */
export const Statuses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (id: string) => within(canvas.getByText(id).closest('tr') as HTMLElement);

    await expect(
      canvas.getByText(
        'Sign-off: 1 of 4 states signed off, 1 changed since sign-off (fixture.redrawn), 2 never signed off.',
      ),
    ).toBeVisible();

    const approved = row('fixture.approved');
    await expect(approved.getByText('Signed off')).toBeVisible();
    await expect(approved.getByText('Signed off by Ada Lovelace on 2026-11-20')).toBeVisible();
    await expect(approved.getAllByRole('img')).toHaveLength(2);

    const redrawn = row('fixture.redrawn');
    await expect(redrawn.getByText('Changed since sign-off')).toBeVisible();
    await expect(redrawn.getByText('Signed off by Grace Hopper on 2026-11-21')).toBeVisible();
    await expect(redrawn.getByText('fixture--redrawn--dim.png')).toBeVisible();
    await expect(redrawn.queryByText('fixture--redrawn--beacon.png')).toBeNull();

    const unreviewed = row('fixture.unreviewed');
    await expect(unreviewed.getByText('Never signed off')).toBeVisible();
    await expect(unreviewed.queryByText(/Signed off by/)).toBeNull();
    await expect(
      unreviewed.getByRole('img', { name: 'Baseline fixture--unreviewed--dim.png' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/));

    const pending = row('fixture.pending');
    await expect(pending.getByText('pending')).toBeVisible();
    await expect(pending.getByText('Never signed off')).toBeVisible();
    await expect(pending.queryByRole('img')).toBeNull();
  },
};
