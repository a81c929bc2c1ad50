import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  applyPreset,
  createDesignerState,
  type Link,
  PRESETS,
} from '~/domain/theme-designer/theme-designer';
import { ColorField } from '~/ui/patterns/theme-designer/color-field';
import { LandingPreview } from '~/ui/patterns/theme-designer/landing-preview';
import { LinksField } from '~/ui/patterns/theme-designer/links-field';

const meta = { title: 'Patterns/Theme designer', tags: ['design-system'] } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function ColorFieldDemo({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState(PRESETS.beacon.theme.colors.primary);
  return (
    <ColorField
      label="primary"
      value={value}
      against={{ label: 'primary-content', value: PRESETS.beacon.theme.colors['primary-content'] }}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const colorChange = fn();

export const ColorFieldInvalid: Story = {
  render: () => <ColorFieldDemo onChange={colorChange} />,
  beforeEach: () => {
    colorChange.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('primary');
    await expect(canvas.getByText(/Contrast with primary-content: \d+\.\d\d:1/)).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, 'rgb(1 2){Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      `“rgb(1 2)” is not a colour we can read.`,
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      `Kept ${PRESETS.beacon.theme.colors.primary}.`,
    );
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(colorChange).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'white{Enter}');
    await expect(colorChange).toHaveBeenCalledWith('oklch(100% 0 0)');
    await expect(input).toHaveValue('oklch(100% 0 0)');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText(/below 4\.5:1 \(WCAG AA\)/)).toBeVisible();
  },
};

function LinksDemo() {
  const [links, setLinks] = useState<Link[]>([{ text: 'Shop', href: '/shop' }]);
  return <LinksField label="Navigation links" links={links} onChange={setLinks} />;
}

export const LinksFieldUnsafe: Story = {
  render: () => <LinksDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Navigation links');
    await expect(field).toHaveValue('Shop:/shop');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('About, Evil:javascript:alert(1), Docs:https://docs.example.com');
    const parsed = canvas.getByRole('list', { name: 'Navigation links: parsed' });
    await expect(
      within(parsed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['About → /', 'Docs → https://docs.example.com']);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /Left out “Evil:javascript:alert\(1\)”/,
    );
  },
};

/** Past 20 links the extra items are not accepted, and the field says the maximum. */
export const LinksFieldLimit: Story = {
  render: () => <LinksDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Navigation links');
    await expect(canvasElement).toHaveTextContent('Up to 20 links.');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(
      [...Array.from({ length: 21 }, (_, i) => `L${i + 1}:/l${i + 1}`), 'Evil:javascript:x'].join(
        ', ',
      ),
    );
    const parsed = canvas.getByRole('list', { name: 'Navigation links: parsed' });
    await expect(within(parsed).getAllByRole('listitem')).toHaveLength(20);
    await expect(within(parsed).getAllByRole('listitem').at(-1)).toHaveTextContent('L20 → /l20');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Left out “L21:/l21”: At most 20 links fit here; the extra ones were not added. Left out “Evil:javascript:x”: Only http(s), mailto and site paths',
    );
  },
};

export const PreviewSunset: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <LandingPreview state={applyPreset(createDesignerState(), 'sunset')} />,
  play: async ({ canvasElement }) => {
    const preview = canvasElement.querySelector<HTMLElement>('[data-slot="landing-preview"]')!;
    await expect(preview).toHaveAttribute('data-preset', 'sunset');
    await expect(preview.style.getPropertyValue('--lp-primary')).toBe(
      PRESETS.sunset.theme.colors.primary,
    );
    // The preview's variables stay on the preview: the app's own tokens are untouched.
    await expect(getComputedStyle(document.documentElement).getPropertyValue('--lp-primary')).toBe(
      '',
    );
    await expect(
      within(preview).getByRole('heading', { name: 'Made for long summers' }),
    ).toBeVisible();
    // The sunset fonts are self-hosted: the pattern brings their @font-face rules, and they load.
    for (const family of ['Playfair Display Variable', 'Manrope Variable']) {
      const faces = await document.fonts.load(`700 16px '${family}'`);
      await expect(faces.length, family).toBeGreaterThan(0);
    }
    await expect(
      getComputedStyle(within(preview).getByRole('heading', { level: 2 })).fontFamily,
    ).toMatch(/^"Playfair Display Variable"/);
  },
};
