/** The designer's state: tokens, presets and the zod schemas of a theme and its page. */
import { z } from 'zod/mini';
import { isOklch } from './css-color';

// zod/mini ships no messages by default; an imported theme's problems are shown to people, in English.
z.config(z.locales.en());

export const COLOR_TOKENS = [
  'base-100',
  'base-200',
  'base-300',
  'base-content',
  'primary',
  'primary-content',
  'secondary',
  'secondary-content',
  'accent',
  'accent-content',
  'neutral',
  'neutral-content',
  'info',
  'info-content',
  'success',
  'success-content',
  'warning',
  'warning-content',
  'error',
  'error-content',
  'placeholder',
] as const;
export type ColorToken = (typeof COLOR_TOKENS)[number];

/** Each colour is read against this one for its contrast figure. */
export const CONTRAST_PAIRS: Record<ColorToken, ColorToken> = {
  'base-100': 'base-content',
  'base-200': 'base-content',
  'base-300': 'base-content',
  'base-content': 'base-100',
  primary: 'primary-content',
  'primary-content': 'primary',
  secondary: 'secondary-content',
  'secondary-content': 'secondary',
  accent: 'accent-content',
  'accent-content': 'accent',
  neutral: 'neutral-content',
  'neutral-content': 'neutral',
  info: 'info-content',
  'info-content': 'info',
  success: 'success-content',
  'success-content': 'success',
  warning: 'warning-content',
  'warning-content': 'warning',
  error: 'error-content',
  'error-content': 'error',
  placeholder: 'base-100',
};

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

export const FONT_TOKENS = ['font-display', 'font-body'] as const;
export type FontToken = (typeof FONT_TOKENS)[number];

/**
 * The 13 font choices, all self-hosted from fontsource so the preview works offline. Inter, Space
 * Grotesk and JetBrains Mono are in the app's stylesheet; the other ten are loaded only when the
 * designer opens (ui/styles/theme-fonts.css,
 * docs/decisions/0015-theme-designer-fonts-and-preview.md).
 */
const SANS = 'ui-sans-serif, system-ui, sans-serif';
const SERIF = 'ui-serif, Georgia, serif';
export const FONT_CHOICES = [
  { id: 'inter', label: 'Inter', stack: `'Inter Variable', ${SANS}` },
  { id: 'space-grotesk', label: 'Space Grotesk', stack: `'Space Grotesk Variable', ${SANS}` },
  { id: 'dm-sans', label: 'DM Sans', stack: `'DM Sans Variable', ${SANS}` },
  { id: 'figtree', label: 'Figtree', stack: `'Figtree Variable', ${SANS}` },
  { id: 'manrope', label: 'Manrope', stack: `'Manrope Variable', ${SANS}` },
  { id: 'montserrat', label: 'Montserrat', stack: `'Montserrat Variable', ${SANS}` },
  { id: 'work-sans', label: 'Work Sans', stack: `'Work Sans Variable', ${SANS}` },
  {
    id: 'playfair-display',
    label: 'Playfair Display',
    stack: `'Playfair Display Variable', ${SERIF}`,
  },
  { id: 'lora', label: 'Lora', stack: `'Lora Variable', ${SERIF}` },
  { id: 'fraunces', label: 'Fraunces', stack: `'Fraunces Variable', ${SERIF}` },
  { id: 'eb-garamond', label: 'EB Garamond', stack: `'EB Garamond Variable', ${SERIF}` },
  { id: 'source-serif-4', label: 'Source Serif 4', stack: `'Source Serif 4 Variable', ${SERIF}` },
  {
    id: 'jetbrains-mono',
    label: 'JetBrains Mono',
    stack: "'JetBrains Mono Variable', ui-monospace, monospace",
  },
] as const;
export type FontId = (typeof FONT_CHOICES)[number]['id'];
const FONT_IDS = FONT_CHOICES.map((font) => font.id) as [FontId, ...FontId[]];

export function fontStack(id: FontId): string {
  return FONT_CHOICES.find((font) => font.id === id)!.stack;
}

/**
 * Font ids of the first designer (system stacks), mapped to the closest self-hosted choice so a
 * design saved or exported before keeps its fonts' character instead of failing to load.
 */
export const LEGACY_FONT_IDS: Readonly<Record<string, FontId>> = {
  'system-ui': 'inter',
  helvetica: 'inter',
  verdana: 'dm-sans',
  trebuchet: 'work-sans',
  rounded: 'figtree',
  georgia: 'lora',
  times: 'source-serif-4',
  palatino: 'eb-garamond',
  garamond: 'eb-garamond',
  monospace: 'jetbrains-mono',
  courier: 'jetbrains-mono',
};

// ---------------------------------------------------------------------------------------------
// State and schemas

export const oklchSchema = z.string().check(z.refine(isOklch, 'Expected an oklch() colour'));

const colorsShape = Object.fromEntries(COLOR_TOKENS.map((token) => [token, oklchSchema])) as {
  [K in ColorToken]: typeof oklchSchema;
};

export const designerThemeSchema = z.object({
  colors: z.object(colorsShape),
  fonts: z.object({ 'font-display': z.enum(FONT_IDS), 'font-body': z.enum(FONT_IDS) }),
});
export type DesignerTheme = z.infer<typeof designerThemeSchema>;

const hasControlOrSpace = (text: string) =>
  [...text].some(
    (char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f || /\s/.test(char),
  );

/** Only http(s), mailto and site-relative paths; never `javascript:`, `data:` or `//host`. */
export function isSafeHref(href: string): boolean {
  if (hasControlOrSpace(href) || href.includes('\\')) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  if (/^https?:\/\/[^/?#@:]+(:\d+)?([/?#].*)?$/i.test(href)) return true;
  return /^mailto:[^/]+$/i.test(href);
}

/** Limits shared by the schema and the editors, so what an editor accepts always loads again. */
export const MAX_LINKS = 20;
export const MAX_URL_LENGTH = 2000;
export const MAX_LINK_TEXT = 200;
export const MAX_COLUMNS = 6;
export const MAX_COLUMN_TITLE = 100;

export const linkSchema = z.object({
  text: z.string().check(z.minLength(1), z.maxLength(MAX_LINK_TEXT)),
  href: z
    .string()
    .check(
      z.maxLength(MAX_URL_LENGTH),
      z.refine(isSafeHref, 'Links must be http(s), mailto or site paths'),
    ),
});
export type Link = z.infer<typeof linkSchema>;

export const LOGO_POSITIONS = ['left', 'center', 'right'] as const;
export const LOGO_SIZES = ['small', 'medium', 'large'] as const;
export const DEFAULT_HEADER_HEIGHT = '64px';

export const headerConfigSchema = z.object({
  logoUrl: z.string().check(
    z.maxLength(MAX_URL_LENGTH),
    z.refine((url) => url === '' || isSafeHref(url), 'Unsafe logo URL'),
  ),
  logoPosition: z.enum(LOGO_POSITIONS),
  logoSize: z.enum(LOGO_SIZES),
  showNavigation: z.boolean(),
  navigationItems: z.array(linkSchema).check(z.maxLength(MAX_LINKS)),
  backgroundColor: oklchSchema,
  textColor: oklchSchema,
  height: z.string().check(z.regex(/^\d{2,3}px$/, 'Height in px, e.g. 64px')),
  sticky: z.boolean(),
});
export type HeaderConfig = z.infer<typeof headerConfigSchema>;

export const footerColumnSchema = z.object({
  title: z.string().check(z.maxLength(MAX_COLUMN_TITLE)),
  links: z.array(linkSchema).check(z.maxLength(MAX_LINKS)),
});
export type FooterColumn = z.infer<typeof footerColumnSchema>;

export const footerConfigSchema = z.object({
  backgroundColor: oklchSchema,
  textColor: oklchSchema,
  inputBackgroundColor: oklchSchema,
  inputTextColor: oklchSchema,
  inputPlaceholderColor: oklchSchema,
  showSocialLinks: z.boolean(),
  showNewsletter: z.boolean(),
  showCopyright: z.boolean(),
  columns: z.array(footerColumnSchema).check(z.maxLength(MAX_COLUMNS)),
});
export type FooterConfig = z.infer<typeof footerConfigSchema>;

export const PRESET_IDS = ['beacon', 'emerald', 'sunset'] as const;
export type PresetId = (typeof PRESET_IDS)[number];
export const DEFAULT_PRESET: PresetId = 'beacon';

export const designerStateSchema = z.object({
  version: z.literal(1),
  preset: z.enum(PRESET_IDS),
  theme: designerThemeSchema,
  header: headerConfigSchema,
  footer: footerConfigSchema,
});
export type DesignerState = z.infer<typeof designerStateSchema>;

export const HEADER_COLORS = ['backgroundColor', 'textColor'] as const;
export const FOOTER_COLORS = [
  'backgroundColor',
  'textColor',
  'inputBackgroundColor',
  'inputTextColor',
  'inputPlaceholderColor',
] as const;

type Preset = {
  label: string;
  theme: DesignerTheme;
  header: Pick<HeaderConfig, (typeof HEADER_COLORS)[number]>;
  footer: Pick<FooterConfig, (typeof FOOTER_COLORS)[number]>;
};

export const PRESETS: Record<PresetId, Preset> = {
  beacon: {
    label: 'Beacon',
    theme: {
      colors: {
        'base-100': 'oklch(99% 0.004 250)',
        'base-200': 'oklch(96.5% 0.007 250)',
        'base-300': 'oklch(91% 0.012 250)',
        'base-content': 'oklch(24% 0.03 258)',
        primary: 'oklch(52% 0.2 264)',
        'primary-content': 'oklch(98.5% 0.01 264)',
        secondary: 'oklch(55% 0.18 300)',
        'secondary-content': 'oklch(99% 0.005 300)',
        accent: 'oklch(80% 0.15 75)',
        'accent-content': 'oklch(25% 0.06 65)',
        neutral: 'oklch(30% 0.03 258)',
        'neutral-content': 'oklch(97% 0.005 258)',
        info: 'oklch(50% 0.14 240)',
        'info-content': 'oklch(98.5% 0.01 240)',
        success: 'oklch(50% 0.13 155)',
        'success-content': 'oklch(98.5% 0.02 155)',
        warning: 'oklch(83% 0.16 85)',
        'warning-content': 'oklch(28% 0.06 70)',
        error: 'oklch(53% 0.2 25)',
        'error-content': 'oklch(98.5% 0.01 25)',
        placeholder: 'oklch(52% 0.02 258)',
      },
      fonts: { 'font-display': 'space-grotesk', 'font-body': 'inter' },
    },
    header: { backgroundColor: 'oklch(99% 0.004 250)', textColor: 'oklch(24% 0.03 258)' },
    footer: {
      backgroundColor: 'oklch(30% 0.03 258)',
      textColor: 'oklch(97% 0.005 258)',
      inputBackgroundColor: 'oklch(99% 0.004 250)',
      inputTextColor: 'oklch(24% 0.03 258)',
      inputPlaceholderColor: 'oklch(52% 0.02 258)',
    },
  },
  emerald: {
    label: 'Emerald',
    theme: {
      colors: {
        'base-100': 'oklch(99% 0.01 160)',
        'base-200': 'oklch(96% 0.02 160)',
        'base-300': 'oklch(90% 0.03 160)',
        'base-content': 'oklch(26% 0.04 165)',
        primary: 'oklch(46% 0.11 160)',
        'primary-content': 'oklch(98.5% 0.01 160)',
        secondary: 'oklch(48% 0.1 200)',
        'secondary-content': 'oklch(98.5% 0.01 200)',
        accent: 'oklch(82% 0.14 130)',
        'accent-content': 'oklch(26% 0.05 140)',
        neutral: 'oklch(28% 0.03 170)',
        'neutral-content': 'oklch(97% 0.01 170)',
        info: 'oklch(50% 0.13 235)',
        'info-content': 'oklch(98.5% 0.01 235)',
        success: 'oklch(48% 0.12 150)',
        'success-content': 'oklch(98.5% 0.02 150)',
        warning: 'oklch(84% 0.15 90)',
        'warning-content': 'oklch(28% 0.06 75)',
        error: 'oklch(52% 0.19 25)',
        'error-content': 'oklch(98.5% 0.01 25)',
        placeholder: 'oklch(50% 0.03 165)',
      },
      fonts: { 'font-display': 'fraunces', 'font-body': 'figtree' },
    },
    header: { backgroundColor: 'oklch(28% 0.03 170)', textColor: 'oklch(97% 0.01 170)' },
    footer: {
      backgroundColor: 'oklch(28% 0.03 170)',
      textColor: 'oklch(97% 0.01 170)',
      inputBackgroundColor: 'oklch(99% 0.01 160)',
      inputTextColor: 'oklch(26% 0.04 165)',
      inputPlaceholderColor: 'oklch(50% 0.03 165)',
    },
  },
  sunset: {
    label: 'Sunset',
    theme: {
      colors: {
        'base-100': 'oklch(98.5% 0.015 70)',
        'base-200': 'oklch(95% 0.03 65)',
        'base-300': 'oklch(89% 0.05 60)',
        'base-content': 'oklch(27% 0.05 40)',
        primary: 'oklch(50% 0.18 35)',
        'primary-content': 'oklch(98.5% 0.01 40)',
        secondary: 'oklch(47% 0.17 350)',
        'secondary-content': 'oklch(98.5% 0.01 350)',
        accent: 'oklch(83% 0.15 75)',
        'accent-content': 'oklch(27% 0.06 50)',
        neutral: 'oklch(30% 0.06 30)',
        'neutral-content': 'oklch(97% 0.01 60)',
        info: 'oklch(50% 0.13 250)',
        'info-content': 'oklch(98.5% 0.01 250)',
        success: 'oklch(49% 0.12 150)',
        'success-content': 'oklch(98.5% 0.02 150)',
        warning: 'oklch(84% 0.16 80)',
        'warning-content': 'oklch(28% 0.06 60)',
        error: 'oklch(50% 0.2 20)',
        'error-content': 'oklch(98.5% 0.01 20)',
        placeholder: 'oklch(50% 0.05 45)',
      },
      fonts: { 'font-display': 'playfair-display', 'font-body': 'manrope' },
    },
    header: { backgroundColor: 'oklch(50% 0.18 35)', textColor: 'oklch(98.5% 0.01 40)' },
    footer: {
      backgroundColor: 'oklch(30% 0.06 30)',
      textColor: 'oklch(97% 0.01 60)',
      inputBackgroundColor: 'oklch(98.5% 0.015 70)',
      inputTextColor: 'oklch(27% 0.05 40)',
      inputPlaceholderColor: 'oklch(50% 0.05 45)',
    },
  },
};

/** A fresh designer: the preset's tokens, fonts and header/footer colours, default layout. */
export function createDesignerState(preset: PresetId = DEFAULT_PRESET): DesignerState {
  const p = PRESETS[preset];
  return {
    version: 1,
    preset,
    theme: structuredClone(p.theme),
    header: {
      logoUrl: '',
      logoPosition: 'left',
      logoSize: 'medium',
      showNavigation: true,
      navigationItems: [
        { text: 'Shop', href: '/shop' },
        { text: 'New in', href: '/new' },
        { text: 'About', href: '/about' },
      ],
      ...p.header,
      height: DEFAULT_HEADER_HEIGHT,
      sticky: false,
    },
    footer: {
      ...p.footer,
      showSocialLinks: true,
      showNewsletter: true,
      showCopyright: true,
      columns: [
        {
          title: 'Shop',
          links: [
            { text: 'New arrivals', href: '/new' },
            { text: 'Sale', href: '/sale' },
          ],
        },
        {
          title: 'Help',
          links: [
            { text: 'Shipping', href: '/help/shipping' },
            { text: 'Contact', href: 'mailto:help@example.com' },
          ],
        },
      ],
    },
  };
}

/** Choosing a preset replaces all tokens and fonts and the header's and footer's colours. */
export function applyPreset(state: DesignerState, preset: PresetId): DesignerState {
  const p = PRESETS[preset];
  return {
    ...state,
    preset,
    theme: structuredClone(p.theme),
    header: { ...state.header, ...p.header },
    footer: { ...state.footer, ...p.footer },
  };
}
