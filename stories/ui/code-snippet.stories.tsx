import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CodeSnippet } from '~/ui/components/code-snippet';

const writeText = fn<(text: string) => Promise<void>>();

const ocapiSettings = `{
  "_v": "21.10",
  "clients": [
    {
      "client_id": "bcn_client_3f9a1c",
      "resources": [{ "resource_id": "/**", "methods": ["get", "post", "put", "patch", "delete"] }]
    }
  ]
}`;

const meta = {
  tags: ['design-system'],
  title: 'UI/CodeSnippet',
  component: CodeSnippet,
  args: { code: ocapiSettings, language: 'json', title: 'OCAPI Data API settings' },
  beforeEach: () => {
    writeText.mockReset();
    writeText.mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      Reflect.deleteProperty(navigator, 'clipboard');
    };
  },
} satisfies Meta<typeof CodeSnippet>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = canvas.getByRole('figure', { name: 'OCAPI Data API settings' });
    await expect(within(figure).getByText('json')).toBeVisible();
    const code = canvasElement.querySelector('pre > code');
    await expect(code).toHaveTextContent('"client_id": "bcn_client_3f9a1c"');
    await expect(code).toHaveAttribute('data-language', 'json');
  },
};

export const CopiesTheCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(writeText).toHaveBeenCalledOnce();
    await expect(writeText).toHaveBeenCalledWith(ocapiSettings);
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
  },
};

export const CopiesTheCodeDim: Story = { ...CopiesTheCode, globals: { theme: 'dim' } };

export const WithoutTitle: Story = {
  args: { title: undefined, language: 'bash', code: 'npx beacon connect --store refarch' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('figure', { name: /./ })).toBeNull();
    await expect(canvas.getByText('bash')).toBeVisible();
    await expect(canvas.getByText('npx beacon connect --store refarch')).toBeVisible();
  },
};

export const LongLinesScrollByKeyboard: Story = {
  args: {
    title: 'WebDAV URL',
    language: 'text',
    copyLabel: 'Copy URL',
    code: 'https://zzxx-001.dx.commercecloud.salesforce.com/on/demandware.servlet/webdav/Sites/Impex/src/beacon/exports/catalog-master-2026-11-22T04-25-00Z.xml',
  },
  parameters: { layout: 'centered' },
  render: (args) => (
    <div className="w-80">
      <CodeSnippet {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pre = canvasElement.querySelector('pre');
    await expect(pre?.scrollWidth).toBeGreaterThan(pre?.clientWidth ?? 0);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Copy URL' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(writeText).toHaveBeenCalledWith(args.code);
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toHaveFocus();
    // The code itself takes focus next, so the arrow keys can scroll the long line.
    await userEvent.tab();
    await expect(pre).toHaveFocus();
    await expect(pre).toHaveStyle({ outlineStyle: 'solid' });
  },
};
