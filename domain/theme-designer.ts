/**
 * The theme and landing-page designer (spec §3, §5, §9): its state and zod schemas, presets, the
 * 'Text:URL' and CSS-variable parsers, colour conversion to oklch, WCAG contrast and CSS export.
 */
import { z } from 'zod/mini';

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
 * The 13 font choices. Inter and Space Grotesk are self-hosted from fontsource (already in the app's
 * stylesheet); the others are system stacks, so the preview never fetches a font
 * (docs/decisions/theme-designer-fonts-and-preview.md).
 */
export const FONT_CHOICES = [
  { id: 'inter', label: 'Inter', stack: "'Inter Variable', ui-sans-serif, system-ui, sans-serif" },
  {
    id: 'space-grotesk',
    label: 'Space Grotesk',
    stack: "'Space Grotesk Variable', 'Inter Variable', ui-sans-serif, sans-serif",
  },
  { id: 'system-ui', label: 'System UI', stack: 'system-ui, ui-sans-serif, sans-serif' },
  { id: 'helvetica', label: 'Helvetica', stack: "Helvetica, Arial, 'Liberation Sans', sans-serif" },
  { id: 'verdana', label: 'Verdana', stack: 'Verdana, Geneva, Tahoma, sans-serif' },
  { id: 'trebuchet', label: 'Trebuchet', stack: "'Trebuchet MS', 'Lucida Grande', sans-serif" },
  { id: 'rounded', label: 'Rounded', stack: "ui-rounded, 'SF Pro Rounded', system-ui, sans-serif" },
  { id: 'georgia', label: 'Georgia', stack: "Georgia, 'DejaVu Serif', serif" },
  { id: 'times', label: 'Times', stack: "'Times New Roman', Times, 'Liberation Serif', serif" },
  {
    id: 'palatino',
    label: 'Palatino',
    stack: "Palatino, 'Palatino Linotype', 'Book Antiqua', serif",
  },
  { id: 'garamond', label: 'Garamond', stack: "Garamond, 'EB Garamond', Baskerville, serif" },
  {
    id: 'monospace',
    label: 'Monospace',
    stack: "ui-monospace, Menlo, Consolas, 'DejaVu Sans Mono', monospace",
  },
  {
    id: 'courier',
    label: 'Courier',
    stack: "'Courier New', Courier, 'Liberation Mono', monospace",
  },
] as const;
export type FontId = (typeof FONT_CHOICES)[number]['id'];
const FONT_IDS = FONT_CHOICES.map((font) => font.id) as [FontId, ...FontId[]];

export function fontStack(id: FontId): string {
  return FONT_CHOICES.find((font) => font.id === id)!.stack;
}

// ---------------------------------------------------------------------------------------------
// Colour conversion

type Rgb = { r: number; g: number; b: number };
type Oklch = { l: number; c: number; h: number };

const NAMED_COLORS: Record<string, string> = {
  black: '#000000',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  white: '#ffffff',
  maroon: '#800000',
  red: '#ff0000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  magenta: '#ff00ff',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  yellow: '#ffff00',
  navy: '#000080',
  blue: '#0000ff',
  teal: '#008080',
  aqua: '#00ffff',
  cyan: '#00ffff',
  orange: '#ffa500',
  pink: '#ffc0cb',
  brown: '#a52a2a',
  gold: '#ffd700',
  indigo: '#4b0082',
  violet: '#ee82ee',
  coral: '#ff7f50',
  tomato: '#ff6347',
  crimson: '#dc143c',
  salmon: '#fa8072',
  rebeccapurple: '#663399',
};

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const numberRe = new RegExp(`^(${NUMBER})(%|deg)?$`, 'i');

function parseNumber(token: string): { value: number; unit: '' | '%' | 'deg' } | null {
  const match = numberRe.exec(token);
  if (!match) return null;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return null;
  return { value, unit: (match[2]?.toLowerCase() ?? '') as '' | '%' | 'deg' };
}

/** Splits `fn(a b c / d)` or `fn(a, b, c, d)` into its function name and its three channels. */
function splitFunction(text: string): { name: string; channels: string[] } | null {
  const match = /^([a-z]+)\(\s*([^()]*)\)$/i.exec(text);
  if (!match) return null;
  const body = match[2]!.trim();
  const [main, alpha, ...rest] = body.split('/');
  if (rest.length > 0) return null;
  let channels = main!.includes(',')
    ? main!.split(',').map((part) => part.trim())
    : main!.trim().split(/\s+/);
  // The legacy comma form carries alpha as a fourth value.
  if (main!.includes(',') && channels.length === 4 && alpha === undefined)
    channels = channels.slice(0, 3);
  if (channels.length !== 3 || channels.some((part) => part === '')) return null;
  if (alpha !== undefined && !parseNumber(alpha.trim())) return null;
  return { name: match[1]!.toLowerCase(), channels };
}

function parseHex(text: string): Rgb | null {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text);
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join('');
  return {
    r: parseInt(hex.slice(0, 2), 16) / 255,
    g: parseInt(hex.slice(2, 4), 16) / 255,
    b: parseInt(hex.slice(4, 6), 16) / 255,
  };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function parseRgb(channels: string[]): Rgb | null {
  const values = channels.map((channel) => {
    const parsed = parseNumber(channel);
    if (!parsed || parsed.unit === 'deg') return null;
    return clamp01(parsed.unit === '%' ? parsed.value / 100 : parsed.value / 255);
  });
  if (values.some((value) => value === null)) return null;
  const [r, g, b] = values as number[];
  return { r: r!, g: g!, b: b! };
}

function parseHsl(channels: string[]): Rgb | null {
  const [hue, sat, light] = channels.map(parseNumber);
  if (!hue || !sat || !light || hue.unit === '%') return null;
  if (sat.unit === 'deg' || light.unit === 'deg') return null;
  const h = (((hue.value % 360) + 360) % 360) / 360;
  const s = clamp01(sat.value / 100);
  const l = clamp01(light.value / 100);
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

function parseOklchChannels(channels: string[]): Oklch | null {
  const [lightness, chroma, hueText] = channels;
  const l = parseNumber(lightness!);
  const c = parseNumber(chroma!);
  const h =
    hueText!.toLowerCase() === 'none' ? { value: 0, unit: '' as const } : parseNumber(hueText!);
  if (!l || !c || !h || l.unit === 'deg' || c.unit === 'deg' || h.unit === '%') return null;
  return {
    l: clamp01(l.unit === '%' ? l.value / 100 : l.value),
    c: Math.max(0, c.unit === '%' ? (c.value / 100) * 0.4 : c.value),
    h: ((h.value % 360) + 360) % 360,
  };
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

function rgbToOklch({ r, g, b }: Rgb): Oklch {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const c = Math.hypot(A, B);
  const h = c < 1e-4 ? 0 : ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360;
  return { l: clamp01(L), c: c < 1e-4 ? 0 : c, h };
}

/** Linear sRGB, unclamped (out-of-gamut colours go past 0..1). */
function oklchToLinearRgb({ l: L, c, h }: Oklch): Rgb {
  const A = c * Math.cos((h * Math.PI) / 180);
  const B = c * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return {
    r: 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    g: -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    b: -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  };
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

function formatOklch({ l, c, h }: Oklch): string {
  const chroma = round(c, 4);
  return `oklch(${round(l * 100, 2)}% ${chroma} ${chroma === 0 ? 0 : round(h, 2)})`;
}

function parseOklchString(text: string): Oklch | null {
  const fn = splitFunction(text.trim());
  return fn?.name === 'oklch' ? parseOklchChannels(fn.channels) : null;
}

export type ColorResult = { ok: true; value: string } | { ok: false; reason: string };

export const COLOR_HINT =
  'Use a hex code (#1d4ed8), rgb(), hsl(), oklch() or a colour name such as red.';

/** Converts any CSS colour text this module can read (hex, rgb, hsl, oklch, names) to an oklch string. */
export function toOklch(input: string): ColorResult {
  const text = input.trim().toLowerCase();
  if (text === '') return { ok: false, reason: `Enter a colour. ${COLOR_HINT}` };
  const named = NAMED_COLORS[text];
  const hex = parseHex(named ?? text);
  if (hex) return { ok: true, value: formatOklch(rgbToOklch(hex)) };
  const fn = splitFunction(text);
  if (fn) {
    if (fn.name === 'oklch') {
      const oklch = parseOklchChannels(fn.channels);
      if (oklch) return { ok: true, value: formatOklch(oklch) };
    } else if (fn.name === 'rgb' || fn.name === 'rgba') {
      const rgb = parseRgb(fn.channels);
      if (rgb) return { ok: true, value: formatOklch(rgbToOklch(rgb)) };
    } else if (fn.name === 'hsl' || fn.name === 'hsla') {
      const rgb = parseHsl(fn.channels);
      if (rgb) return { ok: true, value: formatOklch(rgbToOklch(rgb)) };
    }
  }
  return {
    ok: false,
    reason: `“${input.trim().slice(0, 40)}” is not a colour we can read. ${COLOR_HINT}`,
  };
}

export function isOklch(text: string): boolean {
  return parseOklchString(text) !== null;
}

/** The nearest sRGB hex (clipped), for the native colour input. */
export function oklchToHex(oklch: string): string {
  const parsed = parseOklchString(oklch) ?? { l: 0, c: 0, h: 0 };
  const { r, g, b } = oklchToLinearRgb(parsed);
  return `#${[r, g, b]
    .map((channel) =>
      Math.round(clamp01(fromLinear(clamp01(channel))) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(oklch: string): number {
  const parsed = parseOklchString(oklch) ?? { l: 0, c: 0, h: 0 };
  const { r, g, b } = oklchToLinearRgb(parsed);
  return 0.2126 * clamp01(r) + 0.7152 * clamp01(g) + 0.0722 * clamp01(b);
}

/** WCAG 2 contrast ratio (1 to 21) between two oklch colours, as sRGB clips them. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

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

export const linkSchema = z.object({
  text: z.string().check(z.minLength(1), z.maxLength(200)),
  href: z
    .string()
    .check(z.maxLength(2000), z.refine(isSafeHref, 'Links must be http(s), mailto or site paths')),
});
export type Link = z.infer<typeof linkSchema>;

export const LOGO_POSITIONS = ['left', 'center', 'right'] as const;
export const LOGO_SIZES = ['small', 'medium', 'large'] as const;
export const DEFAULT_HEADER_HEIGHT = '64px';

export const headerConfigSchema = z.object({
  logoUrl: z.string().check(
    z.maxLength(2000),
    z.refine((url) => url === '' || isSafeHref(url), 'Unsafe logo URL'),
  ),
  logoPosition: z.enum(LOGO_POSITIONS),
  logoSize: z.enum(LOGO_SIZES),
  showNavigation: z.boolean(),
  navigationItems: z.array(linkSchema).check(z.maxLength(20)),
  backgroundColor: oklchSchema,
  textColor: oklchSchema,
  height: z.string().check(z.regex(/^\d{2,3}px$/, 'Height in px, e.g. 64px')),
  sticky: z.boolean(),
});
export type HeaderConfig = z.infer<typeof headerConfigSchema>;

export const footerColumnSchema = z.object({
  title: z.string().check(z.maxLength(100)),
  links: z.array(linkSchema).check(z.maxLength(20)),
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
  columns: z.array(footerColumnSchema).check(z.maxLength(6)),
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
      fonts: { 'font-display': 'georgia', 'font-body': 'helvetica' },
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
      fonts: { 'font-display': 'palatino', 'font-body': 'trebuchet' },
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

/**
 * Comma-separated 'Text:URL' items: an empty item is dropped, a missing URL becomes '/', and any
 * URL other than http(s), mailto or a site path is rejected and reported, never returned.
 */
export function parseLinks(text: string): ParsedLinks {
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
    if (!isSafeHref(href) || href.length > 2000) {
      rejected.push({ item: item.slice(0, 200), reason: UNSAFE_LINK_REASON });
      continue;
    }
    links.push({ text: (label || href).slice(0, 200), href });
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

export function importJson(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'This is not JSON. Paste the text from Export JSON.' };
  }
  const parsed = designerStateSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the theme';
    return { ok: false, reason: `Not a designer theme: ${where}: ${issue.message}` };
  }
  return { ok: true, state: parsed.data };
}

/** Where the designer keeps its state in the browser (the app theme uses the key `theme`). */
export const DESIGNER_STORAGE_KEY = 'beacon.theme-designer';

/** Reads stored state; anything missing or invalid gives a fresh default designer. */
export function loadDesignerState(stored: string | null): DesignerState {
  if (stored === null) return createDesignerState();
  const result = importJson(stored);
  return result.ok ? result.state : createDesignerState();
}
