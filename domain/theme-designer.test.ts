import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOR_TOKENS,
  CONTRAST_PAIRS,
  DEFAULT_HEADER_HEIGHT,
  FONT_CHOICES,
  MIN_CONTRAST,
  PRESET_IDS,
  PRESETS,
  applyPreset,
  contrastRatio,
  createDesignerState,
  designerStateSchema,
  exportCss,
  exportJson,
  formatLinks,
  importJson,
  isSafeHref,
  oklchToHex,
  parseCssVariables,
  parseLinks,
  toOklch,
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
        --font-display: 'Georgia', serif;
        --brand-glow: #fff;
        --base-100: not-a-colour;
        this is not css
      }`);
    expect(parsed.updates).toEqual({
      colors: { primary: 'oklch(62.8% 0.2577 29.23)', secondary: 'oklch(50% 0.1 200)' },
      fonts: { 'font-display': 'georgia' },
    });
    expect(parsed.ignored).toEqual([
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
