/** CSS variables: a theme read from and written to CSS custom properties, and its export. */
import { toOklch } from './css-color';
import type {
  ColorToken,
  FontToken,
  FontId,
  DesignerTheme,
  Link,
  HeaderConfig,
  FooterConfig,
  DesignerState,
} from './state';
import {
  COLOR_TOKENS,
  FONT_TOKENS,
  FONT_CHOICES,
  fontStack,
  LEGACY_FONT_IDS,
  designerThemeSchema,
  MAX_LINKS,
  MAX_COLUMNS,
  linkSchema,
  headerConfigSchema,
  footerColumnSchema,
  footerConfigSchema,
  DEFAULT_PRESET,
  designerStateSchema,
  PRESETS,
  createDesignerState,
} from './state';

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
