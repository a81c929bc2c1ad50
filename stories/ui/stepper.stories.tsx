import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Stepper, type StepperStep } from '~/ui/components/stepper';

const steps: StepperStep[] = [
  { id: 'connect', label: 'Connect store', description: 'Account Manager client and realm' },
  { id: 'ocapi', label: 'OCAPI Data API', description: 'Paste the settings into Business Manager' },
  { id: 'webdav', label: 'WebDAV access', description: 'Read and write on /impex' },
  { id: 'provider', label: 'AI provider' },
  { id: 'review', label: 'Review' },
];

const meta = {
  tags: ['design-system'],
  title: 'UI/Stepper',
  component: Stepper,
  args: { steps, currentId: 'webdav', doneIds: ['connect', 'ocapi'], onStepClick: fn() },
} satisfies Meta<typeof Stepper>;
export default meta;
type Story = StoryObj<typeof meta>;

const stepStates = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.dataset.state);

export const InProgress: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    await expect(stepStates(list)).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);

    const current = within(list).getAllByRole('listitem')[2];
    await expect(current).toHaveAttribute('aria-current', 'step');
    await expect(current).toHaveTextContent('WebDAV access');
    await expect(within(list).getAllByRole('listitem')[3]).not.toHaveAttribute('aria-current');

    // Only the done steps are buttons.
    const buttons = within(list).getAllByRole('button');
    await expect(buttons.map((b) => b.textContent)).toHaveLength(2);
    const connect = canvas.getByRole('button', { name: 'Completed: Connect store' });
    await expect(connect).toHaveAccessibleDescription('Account Manager client and realm');

    await userEvent.click(connect);
    await expect(args.onStepClick).toHaveBeenCalledOnce();
    await expect(args.onStepClick).toHaveBeenCalledWith('connect');

    // Current and upcoming steps do nothing when clicked.
    await userEvent.click(canvas.getByText('WebDAV access'));
    await userEvent.click(canvas.getByText('AI provider'));
    await expect(args.onStepClick).toHaveBeenCalledTimes(1);
  },
};

export const KeyboardRevisit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Completed: Connect store' })).toHaveFocus();
    await userEvent.tab();
    const ocapi = canvas.getByRole('button', { name: 'Completed: OCAPI Data API' });
    await expect(ocapi).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStepClick).toHaveBeenLastCalledWith('ocapi');
    // Nothing after the done steps takes focus.
    await userEvent.tab();
    await expect(canvasElement).not.toContainElement(document.activeElement as HTMLElement);
  },
};

export const FirstStep: Story = {
  args: { currentId: 'connect', doneIds: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stepStates(canvas.getByRole('list'))).toEqual([
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
  },
};

export const LastStep: Story = {
  args: { currentId: 'review', doneIds: ['connect', 'ocapi', 'webdav', 'provider'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
    await expect(canvas.getAllByRole('listitem')[4]).toHaveAttribute('aria-current', 'step');
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal' },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(list).toHaveAttribute('data-orientation', 'horizontal');
    const [first, second] = within(list).getAllByRole('listitem');
    // Side by side, not stacked.
    await expect(second!.getBoundingClientRect().left).toBeGreaterThan(
      first!.getBoundingClientRect().right,
    );
  },
};

export const InProgressDim: Story = { ...InProgress, globals: { theme: 'dim' } };

export const HorizontalDim: Story = { ...Horizontal, globals: { theme: 'dim' } };
