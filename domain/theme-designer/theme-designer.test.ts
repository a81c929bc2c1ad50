import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  COLOR_TOKENS,
  CONTRAST_PAIRS,
  contrastRatio,
  createDesignerState,
  DEFAULT_HEADER_HEIGHT,
  designerStateSchema,
  exportCss,
  exportJson,
  FONT_CHOICES,
  formatLinks,
  headerConfigSchema,
  importJson,
  isSafeHref,
  loadDesignerState,
  LONG_LINK_REASON,
  MAX_LINKS,
  MIN_CONTRAST,
  oklchToHex,
  parseCssVariables,
  parseLinks,
  PRESET_IDS,
  PRESETS,
  STORED_DESIGN_UNREADABLE,
  TOO_MANY_LINKS_REASON,
  toOklch,
  UNSAFE_LINK_REASON,
} from './theme-designer';

const ok = (text: string) => {
  const result = toOklch(text);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
};

describe('toOklch', () => {
  it.each([
    ['#ffffff', 'oklch(100% 0 0)'],
    ['#000', 'oklch(0% 0 0)'],
    ['white', 'oklch(100% 0 0)'],
    ['#ff0000', 'oklch(62.8% 0.2577 29.23)'],
    ['red', 'oklch(62.8% 0.2577 29.23)'],
    ['rgb(255 0 0)', 'oklch(62.8% 0.2577 29.23)'],
    ['rgb(255, 0, 0)', 'oklch(62.8% 0.2577 29.23)'],
    ['rgba(255, 0, 0, 0.5)', 'oklch(62.8% 0.2577 29.23)'],
    ['rgb(100% 0% 0% / 50%)', 'oklch(62.8% 0.2577 29.23)'],
    ['hsl(0 100% 50%)', 'oklch(62.8% 0.2577 29.23)'],
    ['hsl(0deg, 100%, 50%)', 'oklch(62.8% 0.2577 29.23)'],
    ['oklch(52% 0.2 264)', 'oklch(52% 0.2 264)'],
    ['OKLCH(0.52 0.2 264deg)', 'oklch(52% 0.2 264)'],
    ['  #0000FF  ', 'oklch(45.2% 0.3132 264.05)'],
  ])('reads %s', (input, expected) => {
    expect(ok(input)).toBe(expected);
  });

  it.each([
    '',
    'nope',
    '#12',
    'rgb(1 2)',
    'hsl(10% 1 1)',
    'oklch(a b c)',
    'url(x)',
    'rgb(1 2 3) x',
  ])('refuses %j with a reason', (input) => {
    const result = toOklch(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/hex code/);
  });

  it('round-trips through hex', () => {
    expect(oklchToHex(ok('#1d4ed8'))).toBe('#1d4ed8');
    expect(oklchToHex(ok('rebeccapurple'))).toBe('#663399');
  });

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = toOklch(text);
        if (result.ok) expect(result.value).toMatch(/^oklch\(/);
      }),
    );
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio(ok('white'), ok('black'))).toBeCloseTo(21, 1);
    expect(contrastRatio(ok('red'), ok('red'))).toBeCloseTo(1, 5);
    expect(contrastRatio(ok('#767676'), ok('white'))).toBeCloseTo(4.54, 1);
  });

  it.each(PRESET_IDS)('the %s preset pairs every colour with its content at AA', (id) => {
    const { colors } = PRESETS[id].theme;
    for (const token of COLOR_TOKENS) {
      expect(
        contrastRatio(colors[token], colors[CONTRAST_PAIRS[token]]),
        `${token} on ${CONTRAST_PAIRS[token]}`,
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    const { header, footer } = PRESETS[id];
    expect(contrastRatio(header.backgroundColor, header.textColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(footer.backgroundColor, footer.textColor)).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(footer.inputBackgroundColor, footer.inputTextColor),
    ).toBeGreaterThanOrEqual(4.5);
  });
});

describe('designer state', () => {
  it('defaults to the beacon preset with a 64px header and 13 fonts', () => {
    const state = createDesignerState();
    expect(state.preset).toBe('beacon');
    expect(state.header.height).toBe(DEFAULT_HEADER_HEIGHT);
    expect(state.header.height).toBe('64px');
    expect(FONT_CHOICES).toHaveLength(13);
    expect(designerStateSchema.safeParse(state).success).toBe(true);
  });

  it('applying a preset replaces tokens and fonts but keeps the layout', () => {
    const state = createDesignerState();
    state.header.logoPosition = 'right';
    const next = applyPreset(state, 'sunset');
    expect(next.theme).toEqual(PRESETS.sunset.theme);
    expect(next.header.logoPosition).toBe('right');
    expect(next.header.backgroundColor).toBe(PRESETS.sunset.header.backgroundColor);
  });

  it('offers exactly the 13 self-hosted fontsource families', () => {
    expect(FONT_CHOICES.map((font) => font.id)).toEqual([
      'inter',
      'space-grotesk',
      'dm-sans',
      'figtree',
      'manrope',
      'montserrat',
      'work-sans',
      'playfair-display',
      'lora',
      'fraunces',
      'eb-garamond',
      'source-serif-4',
      'jetbrains-mono',
    ]);
    for (const font of FONT_CHOICES) expect(font.stack).toMatch(`'${font.label} Variable', `);
  });

  it('gives each preset its own pair of fonts', () => {
    expect(PRESET_IDS.map((id) => PRESETS[id].theme.fonts)).toEqual([
      { 'font-display': 'space-grotesk', 'font-body': 'inter' },
      { 'font-display': 'fraunces', 'font-body': 'figtree' },
      { 'font-display': 'playfair-display', 'font-body': 'manrope' },
    ]);
  });

  it('imports its own JSON export and refuses anything else', () => {
    const state = applyPreset(createDesignerState(), 'emerald');
    expect(importJson(exportJson(state))).toEqual({ ok: true, state });
    expect(importJson('{').ok).toBe(false);
    const bad = importJson(JSON.stringify({ ...state, theme: { ...state.theme, colors: {} } }));
    expect(bad).toMatchObject({ ok: false, reason: expect.stringMatching(/theme\.colors/) });
    const evil = structuredClone(state);
    evil.header.navigationItems = [{ text: 'x', href: 'javascript:alert(1)' }];
    expect(importJson(JSON.stringify(evil)).ok).toBe(false);
  });

  it('maps the first designer’s system font ids to the closest self-hosted font', () => {
    const old = createDesignerState('emerald');
    const json = JSON.stringify({
      ...old,
      theme: { ...old.theme, fonts: { 'font-display': 'georgia', 'font-body': 'helvetica' } },
    });
    const imported = importJson(json);
    expect(imported).toMatchObject({
      ok: true,
      state: {
        preset: 'emerald',
        theme: { fonts: { 'font-display': 'lora', 'font-body': 'inter' } },
      },
    });
    expect(loadDesignerState(json)).toEqual({
      state: imported.ok ? imported.state : null,
      problem: null,
    });
  });
});

describe('loadDesignerState', () => {
  it('starts fresh, silently, when nothing is stored', () => {
    expect(loadDesignerState(null)).toEqual({ state: createDesignerState(), problem: null });
  });

  it('reads a stored state back', () => {
    const state = applyPreset(createDesignerState(), 'sunset');
    expect(loadDesignerState(exportJson(state))).toEqual({ state, problem: null });
  });

  it.each(['not json', '"a string"', '[]', 'null'])(
    'loads the defaults and says so for %j',
    (stored) => {
      expect(loadDesignerState(stored)).toEqual({
        state: createDesignerState(),
        problem: STORED_DESIGN_UNREADABLE,
      });
    },
  );

  it('keeps every valid part of a state that fails validation and names the rest', () => {
    const state = applyPreset(createDesignerState(), 'sunset');
    state.header.logoPosition = 'right';
    state.theme.colors.accent = 'oklch(70% 0.1 100)';
    const stored = JSON.parse(exportJson(state));
    stored.theme.colors.primary = 'hotpink';
    stored.header.navigationItems = Array.from({ length: 25 }, (_, i) => ({
      text: `Item ${i + 1}`,
      href: `/item-${i + 1}`,
    }));
    stored.footer.columns[1].links.push({ text: 'Evil', href: 'javascript:alert(1)' });
    stored.header.logoUrl = `https://example.com/${'a'.repeat(2000)}`;

    const { state: loaded, problem } = loadDesignerState(JSON.stringify(stored));
    expect(loaded.preset).toBe('sunset');
    expect(loaded.header.logoPosition).toBe('right');
    expect(loaded.header.logoUrl).toBe('');
    expect(loaded.theme.colors.accent).toBe('oklch(70% 0.1 100)');
    expect(loaded.theme.colors.primary).toBe(PRESETS.sunset.theme.colors.primary);
    expect(loaded.header.navigationItems).toHaveLength(MAX_LINKS);
    expect(loaded.header.navigationItems[19]).toEqual({ text: 'Item 20', href: '/item-20' });
    expect(loaded.footer.columns[1]!.links).toEqual(state.footer.columns[1]!.links);
    expect(designerStateSchema.safeParse(loaded).success).toBe(true);
    expect(problem).toEqual({
      title: 'Part of your saved design could not be read',
      description:
        'Reset to the defaults or left out: primary colour, logo URL, navigation links, footer column 2 links. Everything else was kept.',
    });
  });
});

describe('parseLinks', () => {
  it('reads Text:URL items, drops empty ones and defaults a missing URL to /', () => {
    expect(
      parseLinks('Home:/, , Shop:https://shop.example.com/a?b=1, About, Mail:mailto:hi@x.com,'),
    ).toEqual({
      links: [
        { text: 'Home', href: '/' },
        { text: 'Shop', href: 'https://shop.example.com/a?b=1' },
        { text: 'About', href: '/' },
        { text: 'Mail', href: 'mailto:hi@x.com' },
      ],
      rejected: [],
    });
    expect(parseLinks('Blog:').links).toEqual([{ text: 'Blog', href: '/' }]);
    expect(parseLinks('https://example.com').links).toEqual([
      { text: 'https://example.com', href: 'https://example.com' },
    ]);
  });

  it.each([
    'Bad:javascript:alert(1)',
    'Bad: JavaScript:alert(1)',
    'Bad:data:text/html;base64',
    'Bad://evil.example.com',
    'Bad:vbscript:x',
    'Bad:shop/page',
    'Bad:/\\evil.com',
  ])('rejects and reports %s', (item) => {
    const parsed = parseLinks(`Ok:/ok, ${item}`);
    expect(parsed.links).toEqual([{ text: 'Ok', href: '/ok' }]);
    expect(parsed.rejected).toHaveLength(1);
  });

  it('accepts at most 20 links and reports the rest', () => {
    const items = Array.from({ length: 23 }, (_, i) => `L${i + 1}:/l${i + 1}`).join(', ');
    const parsed = parseLinks(items);
    expect(parsed.links).toHaveLength(20);
    expect(parsed.links.at(-1)).toEqual({ text: 'L20', href: '/l20' });
    expect(parsed.rejected).toEqual(
      ['L21:/l21', 'L22:/l22', 'L23:/l23'].map((item) => ({ item, reason: TOO_MANY_LINKS_REASON })),
    );
    expect(TOO_MANY_LINKS_REASON).toBe('At most 20 links fit here; the extra ones were not added.');
  });

  it('reports a URL past 2000 characters as too long', () => {
    const parsed = parseLinks(`Long:/${'a'.repeat(2000)}, Ok:/ok`);
    expect(parsed.links).toEqual([{ text: 'Ok', href: '/ok' }]);
    expect(parsed.rejected).toEqual([{ item: expect.any(String), reason: LONG_LINK_REASON }]);
    expect(parseLinks('Bad:javascript:x').rejected[0]!.reason).toBe(UNSAFE_LINK_REASON);
  });

  it('what it reads always passes the saved schema (property)', () => {
    const item = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('A:/a', 'B:https://b.example.com', 'javascript:x', `L:/${'x'.repeat(2001)}`),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const { links } = parseLinks(items.join(','));
        expect(headerConfigSchema.shape.navigationItems.safeParse(links).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips with formatLinks', () => {
    const { links } = parseLinks('A:/a, B:https://b.example.com, C:mailto:c@c.com');
    expect(parseLinks(formatLinks(links)).links).toEqual(links);
  });

  const unsafe = (href: string) => {
    const squashed = [...href]
      .filter((char) => char.charCodeAt(0) > 0x20 && !/\s/.test(char))
      .join('')
      .toLowerCase();
    return (
      /^(javascript|data|vbscript|file):/.test(squashed) ||
      squashed.startsWith('//') ||
      !/^(\/|https?:\/\/|mailto:)/.test(squashed)
    );
  };

  it('never throws and never yields an unsafe URL (property)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'javascript:',
        'JAVASCRIPT:',
        'data:',
        '//',
        '/',
        'https://',
        'mailto:',
        ':',
        ',',
        ' ',
        '\t',
        '\n',
        '\\',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const { links, rejected } = parseLinks(pieces.join(''));
        for (const link of links) {
          expect(unsafe(link.href)).toBe(false);
          expect(isSafeHref(link.href)).toBe(true);
          expect(link.text.length).toBeGreaterThan(0);
        }
        expect(Array.isArray(rejected)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('every reported item is left out of the links (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().map((item) => item.replaceAll(',', '')),
          { maxLength: 8 },
        ),
        (items) => {
          const { links, rejected } = parseLinks(items.join(','));
          const nonEmpty = items.filter((item) => item.trim() !== '');
          expect(links.length + rejected.length).toBeLessThanOrEqual(nonEmpty.length);
        },
      ),
    );
  });
});

describe('parseCssVariables', () => {
  it('updates only known colour and font names and lists the rest', () => {
    const parsed = parseCssVariables(`
      /* pasted from a theme */
      :root {
        --primary: #ff0000;
        --color-secondary: oklch(50% 0.1 200);
        --font-display: 'Fraunces Variable', serif;
        --font-body: Georgia, serif;
        --brand-glow: #fff;
        --base-100: not-a-colour;
        this is not css
      }`);
    expect(parsed.updates).toEqual({
      colors: { primary: 'oklch(62.8% 0.2577 29.23)', secondary: 'oklch(50% 0.1 200)' },
      fonts: { 'font-display': 'fraunces' },
    });
    expect(parsed.ignored).toEqual([
      { text: '--font-body', reason: 'invalid value' },
      { text: '--brand-glow', reason: 'unknown name' },
      { text: '--base-100', reason: 'invalid value' },
      { text: 'this is not css', reason: 'malformed' },
    ]);
  });

  it('reads back its own export', () => {
    const theme = PRESETS.sunset.theme;
    const parsed = parseCssVariables(exportCss(theme));
    expect(parsed.ignored).toEqual([]);
    expect(parsed.updates).toEqual(theme);
  });

  it('never throws and only ever yields known names with oklch values (property)', () => {
    const line = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom(
            ...COLOR_TOKENS.map((t) => `--${t}`),
            '--font-body',
            '--font-display',
            '--x',
            '--color-primary',
          ),
          fc.oneof(fc.string(), fc.constantFrom('#fff', 'red', 'rgb(1 2 3)', "'Inter'", 'Courier')),
        )
        .map(([name, value]) => `${name}: ${value};`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        const { updates, ignored } = parseCssVariables(lines.join('\n'));
        for (const [token, value] of Object.entries(updates.colors)) {
          expect(COLOR_TOKENS).toContain(token);
          expect(value).toMatch(/^oklch\(/);
        }
        for (const value of Object.values(updates.fonts)) {
          expect(FONT_CHOICES.map((font) => font.id)).toContain(value);
        }
        expect(Array.isArray(ignored)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
