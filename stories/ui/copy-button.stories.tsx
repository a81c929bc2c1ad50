import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { COPY_CONFIRMATION_MS } from '~/domain/shared/constants';
import { CopyButton } from '~/ui/components/copy-button';

/** The stubbed clipboard: stories never touch the real one. */
const writeText = fn<(text: string) => Promise<void>>();

function stubClipboard() {
  writeText.mockReset();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText },
  });
  // navigator.clipboard is a getter on Navigator.prototype; deleting the own property restores it.
  return () => {
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}

const meta = {
  tags: ['design-system'],
  title: 'UI/CopyButton',
  component: CopyButton,
  args: { value: 'bcn_client_3f9a1c', onClick: fn() },
  beforeEach: stubClipboard,
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Copy' })).toHaveAttribute(
      'data-state',
      'idle',
    );
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

export const CopiedForTwoSeconds: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Taken before the click, so it is never later than the moment "Copied" shows: the time until
    // "Copy" is back can only come out longer than the confirmation lasted, however slow the machine.
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(writeText).toHaveBeenCalledOnce();
    await expect(writeText).toHaveBeenCalledWith('bcn_client_3f9a1c');
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');

    // Back to "Copy" once the confirmation's 2 s are up, and not before.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible());
    await expect(performance.now() - clickedAt).toBeGreaterThanOrEqual(COPY_CONFIRMATION_MS);
    await expect(canvas.queryByText('Copied')).toBeNull();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

export const Copied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    const button = await canvas.findByRole('button', { name: 'Copied' });
    await expect(button).toHaveAttribute('data-state', 'copied');
  },
};

export const CopiedDim: Story = { ...Copied, globals: { theme: 'dim' } };

export const ClipboardFails: Story = {
  beforeEach: () => {
    writeText.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    const button = await canvas.findByRole('button', { name: 'Copy failed' });
    await expect(button).toHaveAttribute('data-state', 'failed');
    await expect(canvas.getByRole('status')).toHaveTextContent('Copy failed');
    await expect(canvas.queryByText('Copied')).toBeNull();
  },
};

export const ClipboardFailsDim: Story = { ...ClipboardFails, globals: { theme: 'dim' } };

export const NoClipboardApi: Story = {
  beforeEach: () => {
    // Outside a secure context the API is missing altogether.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('button', { name: 'Copy failed' })).toBeVisible();
  },
};

export const CustomLabel: Story = {
  args: { label: 'Copy client ID', variant: 'secondary' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Copy client ID' });
    await expect(button).toHaveAttribute('data-variant', 'secondary');
    await userEvent.keyboard('{Tab}{Enter}');
    await expect(args.onClick).toHaveBeenCalledOnce();
    await expect(writeText).toHaveBeenCalledWith('bcn_client_3f9a1c');
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toHaveFocus();
  },
};
