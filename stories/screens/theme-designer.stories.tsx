import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  applyPreset,
  createDesignerState,
  DESIGNER_STORAGE_KEY,
  exportJson,
  FONT_CHOICES,
  loadDesignerState,
  PRESETS,
} from '~/domain/theme-designer/theme-designer';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { trpcError } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { SAVE_THEME_TEXT } from '~/ui/patterns/theme-designer/save-theme-dialog';

const meta = {
  title: 'Screens/Theme designer',
  // The designer keeps its state in localStorage: every story starts from the default.
  beforeEach: () => {
    localStorage.removeItem(DESIGNER_STORAGE_KEY);
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const designer = screen({
  url: '/app/acme/prod/pages/theme',
  session: sessionFor(users.maya),
  trpc: atEnv(),
});

async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { name: 'Theme designer' })).toBeVisible();
  const preview = canvasElement.querySelector<HTMLElement>('[data-slot="landing-preview"]')!;
  return { canvas, preview, inPreview: within(preview) };
}

const previewVar = (preview: HTMLElement, name: string) => preview.style.getPropertyValue(name);
const rootVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** The family's font files are served by the app itself (self-hosted) and load. */
async function expectFontLoads(family: string) {
  const faces = await document.fonts.load(`700 16px '${family}'`);
  await expect(faces.length, `${family} loads`).toBeGreaterThan(0);
  await expect(faces.every((face) => face.status === 'loaded')).toBe(true);
}

export const PresetDefault: Story = {
  ...designer.story,
  tags: ['screen-state', 'state:theme-designer.preset-default'],
  play: async ({ canvasElement }) => {
    const { canvas, preview, inPreview } = await ready(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Beacon' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Emerald' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // Fonts, then every token with its contrast.
    await expect(canvas.getByRole('combobox', { name: 'font-display' })).toHaveTextContent(
      'Space Grotesk',
    );
    await expect(canvas.getByRole('combobox', { name: 'font-body' })).toHaveTextContent('Inter');
    await expect(canvas.getByLabelText('primary')).toHaveValue(PRESETS.beacon.theme.colors.primary);
    await expect(canvas.getByLabelText('placeholder')).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('[data-slot="color-field"]')).toHaveLength(21);
    await expect(
      canvas.getByLabelText('primary').closest('[data-slot="color-field"]'),
    ).toHaveTextContent(/Contrast with primary-content: \d+\.\d\d:1/);
    // The live preview, drawn with the beacon tokens.
    await expect(preview).toHaveAttribute('data-preset', 'beacon');
    await expect(previewVar(preview, '--lp-primary')).toBe(PRESETS.beacon.theme.colors.primary);
    await expect(inPreview.getByRole('navigation', { name: 'Preview navigation' })).toBeVisible();
    await expect(inPreview.getByRole('heading', { name: 'Made for long summers' })).toBeVisible();
    await expect(inPreview.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
    await expect(inPreview.getAllByRole('button', { name: /to cart$/ })).toHaveLength(4);
    await expect(inPreview.getByRole('button', { name: 'Add Wool beanie to cart' })).toBeDisabled();
    await expect(inPreview.getByRole('heading', { name: 'Join the newsletter' })).toBeVisible();
    await expect(inPreview.getByText(/© 2026 Storefront/)).toBeVisible();
    // The status and placeholder tokens are on show: notice bar, stock badges, search field.
    await expect(inPreview.getByText(/^Free delivery on orders over €50/)).toBeVisible();
    await expect(
      [...preview.querySelectorAll('[data-slot="preview-stock"]')].map(
        (badge) => badge.textContent,
      ),
    ).toEqual(['In stock', 'Low stock', 'In stock', 'Sold out']);
    await expect(inPreview.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute(
      'placeholder',
      'Search shirts, totes…',
    );
    // Every font choice is self-hosted; the beacon pair loads.
    await expect(FONT_CHOICES).toHaveLength(13);
    await expectFontLoads('Space Grotesk Variable');
    await expectFontLoads('Inter Variable');
  },
};

function presetStory(id: 'emerald' | 'sunset', label: string): Story {
  return {
    ...designer.story,
    play: async ({ canvasElement }) => {
      const { canvas, preview } = await ready(canvasElement);
      const appTokens = ['--primary', '--base-100', '--base-content', '--font-display'];
      const before = appTokens.map(rootVar);
      await userEvent.click(canvas.getByRole('button', { name: label }));
      await expect(canvas.getByRole('button', { name: label })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(canvas.getByRole('button', { name: 'Beacon' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      const { theme, header } = PRESETS[id];
      await expect(preview).toHaveAttribute('data-preset', id);
      await expect(canvas.getByLabelText('primary')).toHaveValue(theme.colors.primary);
      await expect(canvas.getByLabelText('base-100')).toHaveValue(theme.colors['base-100']);
      await expect(previewVar(preview, '--lp-primary')).toBe(theme.colors.primary);
      await expect(previewVar(preview, '--lp-header-bg')).toBe(header.backgroundColor);
      const display = FONT_CHOICES.find((font) => font.id === theme.fonts['font-display'])!;
      await expect(previewVar(preview, '--lp-font-display')).toBe(display.stack);
      await expect(canvas.getByRole('button', { name: `Reset to ${label}` })).toBeVisible();
      // The preset's fonts are self-hosted and load.
      await expectFontLoads(`${display.label} Variable`);
      // Isolation: the preview's variables are the preset's, the app's own are untouched.
      await expect(getComputedStyle(preview).getPropertyValue('--lp-base-100').trim()).toBe(
        theme.colors['base-100'],
      );
      await expect(appTokens.map(rootVar)).toEqual(before);
      await expect(before[0]).not.toBe('');
      await expect(rootVar('--primary')).not.toBe(theme.colors.primary);
      await expect(rootVar('--lp-primary')).toBe('');
    },
  };
}

export const PresetEmerald: Story = {
  ...presetStory('emerald', 'Emerald'),
  tags: ['screen-state', 'state:theme-designer.preset-emerald'],
};

export const PresetSunset: Story = {
  ...presetStory('sunset', 'Sunset'),
  tags: ['screen-state', 'state:theme-designer.preset-sunset'],
};

export const Header: Story = {
  ...designer.story,
  tags: ['screen-state', 'state:theme-designer.header'],
  play: async ({ canvasElement }) => {
    const { canvas, preview, inPreview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Header' }));
    await expect(canvas.getByLabelText('Height')).toHaveValue('64px');
    const header = preview.querySelector('[data-slot="preview-header"]')!;
    await expect(header).toHaveAttribute('data-logo-position', 'left');
    await expect(header).toHaveAttribute('data-logo-size', 'medium');
    await expect(getComputedStyle(header).height).toBe('64px');

    await userEvent.click(canvas.getByRole('radio', { name: 'Center' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Large' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Sticky header' }));
    await expect(header).toHaveAttribute('data-logo-position', 'center');
    await expect(header).toHaveAttribute('data-logo-size', 'large');
    await expect(header).toHaveAttribute('data-sticky', 'true');

    // An invalid height keeps the last valid one and says why.
    const height = canvas.getByLabelText('Height');
    await userEvent.clear(height);
    await userEvent.type(height, 'tall{Enter}');
    await expect(await canvas.findByText(/Enter a height from 40px to 200px/)).toBeVisible();
    await expect(getComputedStyle(header).height).toBe('64px');
    await userEvent.clear(height);
    await userEvent.type(height, '80{Enter}');
    await expect(height).toHaveValue('80px');
    await expect(getComputedStyle(header).height).toBe('80px');

    const nav = inPreview.getByRole('navigation', { name: 'Preview navigation' });
    await expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Shop', 'New in', 'About']);
    await userEvent.click(canvas.getByRole('switch', { name: 'Show navigation' }));
    await expect(inPreview.queryByRole('navigation')).toBeNull();
  },
};

export const Footer: Story = {
  ...designer.story,
  tags: ['screen-state', 'state:theme-designer.footer'],
  play: async ({ canvasElement }) => {
    const { canvas, preview, inPreview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Footer' }));
    for (const label of [
      'Footer background',
      'Footer text',
      'Input background',
      'Input text',
      'Input placeholder',
    ]) {
      await expect((canvas.getByLabelText(label) as HTMLInputElement).value).toMatch(/^oklch\(/);
    }
    await expect(inPreview.getByRole('list', { name: 'Social links' })).toBeVisible();
    await expect(inPreview.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(inPreview.getByText(/© 2026 Storefront/)).toBeVisible();
    await expect(inPreview.getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );

    await userEvent.click(canvas.getByRole('switch', { name: 'Show newsletter' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Show social links' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Show copyright' }));
    await expect(inPreview.queryByRole('textbox', { name: 'Email address' })).toBeNull();
    await expect(inPreview.queryByRole('list', { name: 'Social links' })).toBeNull();
    await expect(inPreview.queryByText(/© 2026 Storefront/)).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Add column' }));
    const title = canvas.getByLabelText('Column 3 title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Company');
    await userEvent.type(canvas.getByLabelText('Column 3 links'), 'Careers:/careers, Press');
    const columns = preview.querySelectorAll('[data-slot="preview-footer-column"]');
    await expect(columns).toHaveLength(3);
    await expect(within(columns[2] as HTMLElement).getByRole('heading')).toHaveTextContent(
      'Company',
    );
    await expect(
      within(columns[2] as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/careers', '/']);
  },
};

export const CssPaste: Story = {
  ...designer.story,
  tags: ['screen-state', 'state:theme-designer.css-paste'],
  play: async ({ canvasElement }) => {
    const { canvas, preview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Paste CSS' }));
    await userEvent.click(canvas.getByLabelText('CSS variables'));
    await userEvent.paste(
      ":root {\n  --primary: #b91c1c;\n  --font-body: 'Lora Variable', serif;\n  --brand-glow: #fff;\n  --base-100: nonsense;\n  not a declaration\n}",
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Apply CSS' }));
    await expect(await canvas.findByText('Updated 2 values')).toBeVisible();
    const ignored = canvas.getByRole('list', { name: 'Ignored CSS' });
    await expect(
      within(ignored)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '--brand-glow (unknown name)',
      '--base-100 (invalid value)',
      'not a declaration (malformed)',
    ]);
    await expect(previewVar(preview, '--lp-primary')).toBe('oklch(50.54% 0.1905 27.52)');
    await expect(previewVar(preview, '--lp-font-body')).toContain("'Lora Variable'");
    await expectFontLoads('Lora Variable');
    await expect(previewVar(preview, '--lp-base-100')).toBe(
      PRESETS.beacon.theme.colors['base-100'],
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Theme' }));
    await expect(canvas.getByLabelText('primary')).toHaveValue('oklch(50.54% 0.1905 27.52)');
  },
};

export const NavLinks: Story = {
  ...designer.story,
  tags: ['screen-state', 'state:theme-designer.nav-links'],
  play: async ({ canvasElement }) => {
    const { canvas, inPreview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Header' }));
    const field = canvas.getByLabelText('Navigation links');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(
      'Home:/, , Shop, Blog:https://blog.example.com, Bad:javascript:alert(1), Mail:mailto:hi@example.com',
    );
    const parsed = canvas.getByRole('list', { name: 'Navigation links: parsed' });
    await expect(
      within(parsed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Home → /',
      'Shop → /',
      'Blog → https://blog.example.com',
      'Mail → mailto:hi@example.com',
    ]);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /Left out “Bad:javascript:alert\(1\)”: Only http\(s\), mailto and site paths/,
    );
    const nav = inPreview.getByRole('navigation', { name: 'Preview navigation' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/', '/', 'https://blog.example.com', 'mailto:hi@example.com']),
    );
    await expect(nav.innerHTML).not.toContain('javascript:');
  },
};

/** Invalid colour text keeps the last valid value and says why; valid text becomes oklch. */
export const ColourInvalid: Story = {
  ...designer.story,
  play: async ({ canvasElement }) => {
    const { canvas, preview } = await ready(canvasElement);
    const primary = canvas.getByLabelText('primary');
    await userEvent.clear(primary);
    await userEvent.type(primary, 'bluish{Enter}');
    await expect(await canvas.findByText(/“bluish” is not a colour we can read/)).toBeVisible();
    await expect(previewVar(preview, '--lp-primary')).toBe(PRESETS.beacon.theme.colors.primary);
    await userEvent.clear(primary);
    await userEvent.type(primary, 'hsl(150 60% 30%){Enter}');
    await expect((primary as HTMLInputElement).value).toMatch(/^oklch\(/);
    await expect(previewVar(preview, '--lp-primary')).toBe((primary as HTMLInputElement).value);
    // A pale info colour against its near-white content colour warns under 4.5:1, and the
    // preview's notice bar, drawn with info, changes with it.
    const notice = preview.querySelector('[data-slot="preview-notice"]')!;
    const noticeBefore = getComputedStyle(notice).backgroundColor;
    const info = canvas.getByLabelText('info');
    await userEvent.clear(info);
    await userEvent.type(info, '#eeeeee{Enter}');
    await expect(info.closest('[data-slot="color-field"]')).toHaveTextContent(
      /below 4.5:1 \(WCAG AA\)/,
    );
    await expect(previewVar(preview, '--lp-info')).toBe('oklch(94.91% 0 0)');
    await expect(getComputedStyle(notice).backgroundColor).not.toBe(noticeBefore);
  },
};

/** Export shows CSS variables and JSON with copy buttons; import validates the JSON with zod. */
export const ImportExport: Story = {
  ...designer.story,
  play: async ({ canvasElement }) => {
    const { canvas, preview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Import & export' }));
    const css = canvas.getByRole('figure', { name: 'CSS variables' });
    await expect(css).toHaveTextContent(`--primary: ${PRESETS.beacon.theme.colors.primary};`);
    await expect(within(css).getByRole('button', { name: 'Copy CSS' })).toBeVisible();
    const json = canvas.getByRole('figure', { name: 'Designer JSON' });
    await expect(json).toHaveTextContent('"preset": "beacon"');
    await expect(within(json).getByRole('button', { name: 'Copy JSON' })).toBeVisible();

    const input = canvas.getByLabelText('Import JSON');
    await userEvent.click(input);
    await userEvent.paste('{"version": 1, "preset": "sunset"}');
    await userEvent.click(canvas.getByRole('button', { name: 'Import' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(/^Not a designer theme: theme/);
    await expect(preview).toHaveAttribute('data-preset', 'beacon');

    const sunset = applyPreset(createDesignerState(), 'sunset');
    sunset.header.logoPosition = 'right';
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste(exportJson(sunset));
    await userEvent.click(canvas.getByRole('button', { name: 'Import' }));
    await expect(await canvas.findByText('Theme imported')).toBeVisible();
    await expect(preview).toHaveAttribute('data-preset', 'sunset');
    await expect(preview.querySelector('[data-slot="preview-header"]')).toHaveAttribute(
      'data-logo-position',
      'right',
    );
    await expect(localStorage.getItem(DESIGNER_STORAGE_KEY)).toContain('"preset": "sunset"');
  },
};

/** The editors keep to the limits the saved design is checked against, and say so. */
export const EditorLimits: Story = {
  ...designer.story,
  play: async ({ canvasElement }) => {
    const { canvas, inPreview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Header' }));
    const links = canvas.getByLabelText('Navigation links');
    await userEvent.clear(links);
    await userEvent.click(links);
    await userEvent.paste(Array.from({ length: 22 }, (_, i) => `L${i + 1}:/l${i + 1}`).join(', '));
    await expect(
      within(canvas.getByRole('list', { name: 'Navigation links: parsed' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(20);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Left out “L21:/l21”, “L22:/l22”: At most 20 links fit here; the extra ones were not added.',
    );
    const nav = inPreview.getByRole('navigation', { name: 'Preview navigation' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(20));

    const logo = canvas.getByLabelText('Logo URL');
    await userEvent.click(logo);
    await userEvent.paste(`https://example.com/${'a'.repeat(2000)}`);
    await userEvent.keyboard('{Enter}');
    await expect(
      await canvas.findByText('The logo URL is too long: at most 2,000 characters. Kept it empty.'),
    ).toBeVisible();
    await expect(inPreview.queryByRole('img')).toBeNull();

    // What was saved loads again without a problem.
    const loaded = loadDesignerState(localStorage.getItem(DESIGNER_STORAGE_KEY));
    await expect(loaded.problem).toBeNull();
    await expect(loaded.state.header.navigationItems).toHaveLength(20);
  },
};

function storedStory(stored: string): Pick<Story, 'beforeEach'> {
  return {
    beforeEach: async () => {
      await designer.story.beforeEach();
      localStorage.setItem(DESIGNER_STORAGE_KEY, stored);
    },
  };
}

const brokenSunset = (() => {
  const state = JSON.parse(exportJson(applyPreset(createDesignerState(), 'sunset')));
  state.header.logoPosition = 'right';
  state.theme.colors.primary = 'hotpink';
  state.theme.fonts['font-display'] = 'georgia';
  return JSON.stringify(state);
})();

/** A saved design that no longer validates: the valid parts are kept and the person is told. */
export const StoredDesignPartlyUnreadable: Story = {
  ...designer.story,
  ...storedStory(brokenSunset),
  play: async ({ canvasElement }) => {
    const { canvas, preview } = await ready(canvasElement);
    const notice = canvasElement.querySelector<HTMLElement>('[data-slot="stored-design-problem"]')!;
    await expect(notice).toHaveTextContent('Part of your saved design could not be read');
    await expect(notice).toHaveTextContent(
      'Reset to the defaults or left out: primary colour. Everything else was kept.',
    );
    await expect(preview).toHaveAttribute('data-preset', 'sunset');
    await expect(preview.querySelector('[data-slot="preview-header"]')).toHaveAttribute(
      'data-logo-position',
      'right',
    );
    await expect(canvas.getByLabelText('primary')).toHaveValue(PRESETS.sunset.theme.colors.primary);
    // The first designer's 'georgia' is read as the closest self-hosted serif.
    await expect(canvas.getByRole('combobox', { name: 'font-display' })).toHaveTextContent('Lora');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await expect(canvasElement.querySelector('[data-slot="stored-design-problem"]')).toBeNull();
  },
};

export const StoredDesignUnreadable: Story = {
  ...designer.story,
  ...storedStory('{"version": 1, "preset": '),
  play: async ({ canvasElement }) => {
    const { preview } = await ready(canvasElement);
    const notice = canvasElement.querySelector<HTMLElement>('[data-slot="stored-design-problem"]')!;
    await expect(notice).toHaveTextContent(
      'Your saved design could not be readThe Beacon defaults were loaded instead.',
    );
    await expect(preview).toHaveAttribute('data-preset', 'beacon');
    await expect(localStorage.getItem(DESIGNER_STORAGE_KEY)).toBe(
      exportJson(createDesignerState()),
    );
  },
};

// ——— Save as landing-page theme (superusers) ———

const asSuperuser = screen({
  url: '/app/acme/prod/pages/theme',
  session: sessionFor(users.ada),
  trpc: {
    ...atEnv(),
    'landingPages.saveTheme': (input) => ({
      id: 'th_saved',
      name: input.name,
      theme: input.theme,
      updatedAt: new Date('2026-03-02T09:30:00Z'),
    }),
  },
});
/**
 * A superuser saves the designer's colours and fonts as a named landing-page theme beside the export;
 * a name is needed first, and the local design and its export stay as they were.
 */
export const SaveAsLandingTheme: Story = {
  ...asSuperuser.story,
  play: async ({ canvasElement }) => {
    const { canvas, preview } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sunset' }));
    await userEvent.click(canvas.getByRole('tab', { name: 'Import & export' }));
    await expect(canvas.getByRole('figure', { name: 'CSS variables' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: SAVE_THEME_TEXT.button }));
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: SAVE_THEME_TEXT.title }),
    );
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TEXT.submit }));
    await expect(dialog.getByLabelText(SAVE_THEME_TEXT.name)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(asSuperuser.api.calls('landingPages.saveTheme')).toEqual([]);

    await userEvent.type(dialog.getByLabelText(SAVE_THEME_TEXT.name), '  Summer 2026 ');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TEXT.submit }));
    await expect(await canvas.findByText(SAVE_THEME_TEXT.saved('Summer 2026'))).toBeVisible();
    await expect(asSuperuser.api.calls('landingPages.saveTheme')).toEqual([
      { orgId: orgs.acme.id, name: 'Summer 2026', theme: PRESETS.sunset.theme },
    ]);
    // The local design is untouched.
    await expect(preview).toHaveAttribute('data-preset', 'sunset');
    await expect(localStorage.getItem(DESIGNER_STORAGE_KEY)).toContain('"preset": "sunset"');
    await expect(canvas.getByRole('figure', { name: 'Designer JSON' })).toHaveTextContent(
      '"preset": "sunset"',
    );
  },
};

const saveRefused = screen({
  url: '/app/acme/prod/pages/theme',
  session: sessionFor(users.ada),
  trpc: {
    ...atEnv(),
    'landingPages.saveTheme': trpcError('FORBIDDEN', ORG_MESSAGES.superuserRequired),
  },
});
/** The server's refusal shows in the dialog, which stays open. */
export const SaveAsLandingThemeRefused: Story = {
  ...saveRefused.story,
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Import & export' }));
    await userEvent.click(canvas.getByRole('button', { name: SAVE_THEME_TEXT.button }));
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: SAVE_THEME_TEXT.title }),
    );
    await userEvent.type(dialog.getByLabelText(SAVE_THEME_TEXT.name), 'Evergreen');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TEXT.submit }));
    await expect(await dialog.findByText(ORG_MESSAGES.superuserRequired)).toBeVisible();
    await expect(dialog.getByText(SAVE_THEME_TEXT.failed)).toBeVisible();
  },
};

/** A regular member has the export, and no way to save a landing-page theme. */
export const SaveAsLandingThemeHiddenForMembers: Story = {
  ...designer.story,
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Import & export' }));
    await expect(canvas.getByRole('figure', { name: 'CSS variables' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: SAVE_THEME_TEXT.button })).toBeNull();
  },
};
