/**
 * The theme and landing-page designer (docs/product.md#theme-designer): its state and zod schemas, presets, the
 * 'Text:URL' and CSS-variable parsers and CSS export. Colour conversion and contrast live in
 * ./css-color (re-exported here).
 */
import { z } from 'zod/mini';
import { isOklch, toOklch } from './css-color';

export {
  COLOR_HINT,
  contrastRatio,
  isOklch,
  oklchToHex,
  toOklch,
  type ColorResult,
} from './css-color';

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

// ---------------------------------------------------------------------------------------------
// 'Text:URL' links

export type RejectedLink = { item: string; reason: string };
export type ParsedLinks = { links: Link[]; rejected: RejectedLink[] };

export const UNSAFE_LINK_REASON =
  'Only http(s), mailto and site paths such as /shop are allowed; this link was left out.';
export const LONG_LINK_REASON = `A link can be at most ${MAX_URL_LENGTH.toLocaleString('en')} characters long.`;
export const TOO_MANY_LINKS_REASON = `At most ${MAX_LINKS} links fit here; the extra ones were not added.`;

/**
 * Comma-separated 'Text:URL' items: an empty item is dropped, a missing URL becomes '/', and any
 * URL other than http(s), mailto or a site path is rejected and reported, never returned. Items
 * past `max` are reported too, so the list always fits the schema.
 */
export function parseLinks(text: string, max: number = MAX_LINKS): ParsedLinks {
  const links: Link[] = [];
  const rejected: RejectedLink[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    let label: string;
    let href: string;
    if (/^(https?:\/\/|mailto:)/i.test(item)) {
      // A bare URL: it is its own text.
      label = item;
      href = item;
    } else {
      const colon = item.indexOf(':');
      label = (colon === -1 ? item : item.slice(0, colon)).trim();
      href = colon === -1 ? '' : item.slice(colon + 1).trim();
    }
    if (href === '') href = '/';
    const reason = !isSafeHref(href)
      ? UNSAFE_LINK_REASON
      : href.length > MAX_URL_LENGTH
        ? LONG_LINK_REASON
        : links.length >= max
          ? TOO_MANY_LINKS_REASON
          : null;
    if (reason) {
      rejected.push({ item: item.slice(0, MAX_LINK_TEXT), reason });
      continue;
    }
    links.push({ text: (label || href).slice(0, MAX_LINK_TEXT), href });
  }
  return { links, rejected };
}

export function formatLinks(links: readonly Link[]): string {
  return links.map((link) => `${link.text}:${link.href}`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// CSS variables

export type CssUpdates = {
  colors: Partial<Record<ColorToken, string>>;
  fonts: Partial<Record<FontToken, FontId>>;
};
export type IgnoredCss = { text: string; reason: 'unknown name' | 'malformed' | 'invalid value' };
export type ParsedCss = { updates: CssUpdates; ignored: IgnoredCss[] };

const firstFamily = (stack: string) =>
  stack
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();

function matchFont(value: string): FontId | null {
  const first = firstFamily(value);
  const found = FONT_CHOICES.find(
    (font) =>
      font.id === first || font.label.toLowerCase() === first || firstFamily(font.stack) === first,
  );
  return found?.id ?? null;
}

/**
 * Reads `--name: value` declarations (selectors, braces and comments are skipped). Only known
 * colour tokens (also as `--color-*`) and the two font names update; everything else is listed back.
 */
export function parseCssVariables(text: string): ParsedCss {
  const updates: CssUpdates = { colors: {}, fonts: {} };
  const ignored: IgnoredCss[] = [];
  const clean = text.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
  for (const segment of clean.split(/[;\n]/)) {
    const body = segment
      .slice(segment.lastIndexOf('{') + 1)
      .replace(/}/g, '')
      .trim();
    if (body === '') continue;
    const match = /^(--[a-z0-9_-]+)\s*:\s*(.*)$/i.exec(body);
    if (!match || match[2]!.replace(/!important\s*$/i, '').trim() === '') {
      ignored.push({ text: body.slice(0, 120), reason: 'malformed' });
      continue;
    }
    const name = match[1]!.toLowerCase();
    const value = match[2]!.replace(/!important\s*$/i, '').trim();
    const token = name.slice(2).replace(/^color-/, '');
    if ((COLOR_TOKENS as readonly string[]).includes(token)) {
      const color = toOklch(value);
      if (color.ok) updates.colors[token as ColorToken] = color.value;
      else ignored.push({ text: name, reason: 'invalid value' });
    } else if ((FONT_TOKENS as readonly string[]).includes(name.slice(2))) {
      const font = matchFont(value);
      if (font) updates.fonts[name.slice(2) as FontToken] = font;
      else ignored.push({ text: name, reason: 'invalid value' });
    } else {
      ignored.push({ text: name, reason: 'unknown name' });
    }
  }
  return { updates, ignored };
}

export function applyCssUpdates(theme: DesignerTheme, updates: CssUpdates): DesignerTheme {
  return {
    colors: { ...theme.colors, ...updates.colors },
    fonts: { ...theme.fonts, ...updates.fonts },
  };
}

/** The theme as a `:root` block of CSS variables; parseCssVariables reads it back unchanged. */
export function exportCss(theme: DesignerTheme): string {
  const lines = [
    ...COLOR_TOKENS.map((token) => `  --${token}: ${theme.colors[token]};`),
    ...FONT_TOKENS.map((token) => `  --${token}: ${fontStack(theme.fonts[token])};`),
  ];
  return `:root {\n${lines.join('\n')}\n}\n`;
}

export function exportJson(state: DesignerState): string {
  return JSON.stringify(state, null, 2);
}

export type ImportResult = { ok: true; state: DesignerState } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Maps the first designer's font ids (LEGACY_FONT_IDS) to today's; everything else untouched. */
function upgradeLegacyFonts(data: unknown): unknown {
  if (!isRecord(data) || !isRecord(data.theme) || !isRecord(data.theme.fonts)) return data;
  const fonts = Object.fromEntries(
    Object.entries(data.theme.fonts).map(([token, id]) => [
      token,
      typeof id === 'string' && Object.hasOwn(LEGACY_FONT_IDS, id) ? LEGACY_FONT_IDS[id] : id,
    ]),
  );
  return { ...data, theme: { ...data.theme, fonts } };
}

export function importJson(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'This is not JSON. Paste the text from Export JSON.' };
  }
  const parsed = designerStateSchema.safeParse(upgradeLegacyFonts(data));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the theme';
    return { ok: false, reason: `Not a designer theme: ${where}: ${issue.message}` };
  }
  return { ok: true, state: parsed.data };
}

/** Where the designer keeps its state in the browser (the app theme uses the key `theme`). */
export const DESIGNER_STORAGE_KEY = 'beacon.theme-designer';

const HEADER_LABELS: Record<Exclude<keyof HeaderConfig, 'navigationItems'>, string> = {
  logoUrl: 'logo URL',
  logoPosition: 'logo position',
  logoSize: 'logo size',
  showNavigation: 'show navigation',
  backgroundColor: 'header background',
  textColor: 'header text',
  height: 'header height',
  sticky: 'sticky header',
};

const FOOTER_LABELS: Record<Exclude<keyof FooterConfig, 'columns'>, string> = {
  backgroundColor: 'footer background',
  textColor: 'footer text',
  inputBackgroundColor: 'input background',
  inputTextColor: 'input text',
  inputPlaceholderColor: 'input placeholder',
  showSocialLinks: 'show social links',
  showNewsletter: 'show newsletter',
  showCopyright: 'show copyright',
};

type Shape = Record<
  string,
  { safeParse: (value: unknown) => { success: boolean; data?: unknown } }
>;

/** Each field of `data` that its schema accepts, else the fallback's (its label noted in `lost`). */
function pickValid<T extends object>(
  shape: Shape,
  fallback: T,
  data: unknown,
  labels: Partial<Record<keyof T, string>>,
  lost: string[],
  section: string,
): T {
  if (!isRecord(data)) {
    lost.push(section);
    return { ...fallback };
  }
  const source = data;
  const result = { ...fallback } as Record<string, unknown>;
  for (const key of Object.keys(labels)) {
    const parsed = shape[key]!.safeParse(source[key]);
    if (parsed.success) result[key] = parsed.data;
    else lost.push(labels[key as keyof T]!);
  }
  return result as T;
}

/** The valid links of a stored list, at most MAX_LINKS; null when the list itself is missing. */
function validLinks(data: unknown): { links: Link[]; complete: boolean } | null {
  if (!Array.isArray(data)) return null;
  const links = data.flatMap((item) => {
    const parsed = linkSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    links: links.slice(0, MAX_LINKS),
    complete: links.length === data.length && links.length <= MAX_LINKS,
  };
}

/** Keeps every part of a stored state that is still valid; the rest comes from its preset. */
function salvageState(data: unknown): { state: DesignerState; lost: string[] } | null {
  if (!isRecord(data)) return null;
  const lost: string[] = [];
  const preset = designerStateSchema.shape.preset.safeParse(data.preset);
  if (!preset.success) lost.push('preset');
  const base = createDesignerState(preset.success ? preset.data : DEFAULT_PRESET);
  const theme = isRecord(data.theme) ? data.theme : {};
  const colorLabels = Object.fromEntries(COLOR_TOKENS.map((token) => [token, `${token} colour`]));
  const fontLabels = Object.fromEntries(FONT_TOKENS.map((token) => [token, token]));
  const themeShape = designerThemeSchema.shape;
  const colors = pickValid(
    themeShape.colors.shape,
    base.theme.colors,
    theme.colors,
    colorLabels,
    lost,
    'colours',
  );
  const fonts = pickValid(
    themeShape.fonts.shape,
    base.theme.fonts,
    (upgradeLegacyFonts({ theme }) as { theme: Record<string, unknown> }).theme.fonts,
    fontLabels,
    lost,
    'fonts',
  );

  const header = pickValid(
    headerConfigSchema.shape,
    base.header,
    data.header,
    HEADER_LABELS,
    lost,
    'header',
  );
  const storedHeader = isRecord(data.header) ? data.header : {};
  const navigation = validLinks(storedHeader.navigationItems);
  if (navigation) header.navigationItems = navigation.links;
  if (isRecord(data.header) && !navigation?.complete) lost.push('navigation links');

  const footer = pickValid(
    footerConfigSchema.shape,
    base.footer,
    data.footer,
    FOOTER_LABELS,
    lost,
    'footer',
  );
  const storedFooter = isRecord(data.footer) ? data.footer : {};
  if (Array.isArray(storedFooter.columns)) {
    const columns = storedFooter.columns.slice(0, MAX_COLUMNS).map((column, index) => {
      const title = footerColumnSchema.shape.title.safeParse(
        isRecord(column) ? column.title : null,
      );
      const links = validLinks(isRecord(column) ? column.links : null);
      if (!title.success) lost.push(`footer column ${index + 1} title`);
      if (!links?.complete) lost.push(`footer column ${index + 1} links`);
      return {
        title: title.success ? title.data : `Column ${index + 1}`,
        links: links?.links ?? [],
      };
    });
    if (storedFooter.columns.length > MAX_COLUMNS) lost.push('footer columns past the sixth');
    footer.columns = columns;
  } else if (isRecord(data.footer)) {
    lost.push('footer columns');
  }

  return {
    state: {
      version: 1,
      preset: preset.success ? preset.data : DEFAULT_PRESET,
      theme: { colors, fonts },
      header,
      footer,
    },
    lost,
  };
}

export type StoredDesignProblem = { title: string; description: string };
export type LoadedDesign = { state: DesignerState; problem: StoredDesignProblem | null };

export const STORED_DESIGN_UNREADABLE: StoredDesignProblem = {
  title: 'Your saved design could not be read',
  description: `The ${PRESETS[DEFAULT_PRESET].label} defaults were loaded instead.`,
};

/**
 * Reads the stored state. Nothing stored gives a fresh designer, silently; a stored state that
 * fails validation keeps every part that is still valid, and `problem` says what was reset.
 */
export function loadDesignerState(stored: string | null): LoadedDesign {
  if (stored === null) return { state: createDesignerState(), problem: null };
  const imported = importJson(stored);
  if (imported.ok) return { state: imported.state, problem: null };
  let data: unknown = null;
  try {
    data = JSON.parse(stored);
  } catch {
    // Not JSON at all: nothing to keep.
  }
  const salvaged = salvageState(data);
  if (!salvaged) return { state: createDesignerState(), problem: STORED_DESIGN_UNREADABLE };
  if (salvaged.lost.length === 0) return { state: salvaged.state, problem: null };
  return {
    state: salvaged.state,
    problem: {
      title: 'Part of your saved design could not be read',
      description: `Reset to the defaults or left out: ${salvaged.lost.join(', ')}. Everything else was kept.`,
    },
  };
}
