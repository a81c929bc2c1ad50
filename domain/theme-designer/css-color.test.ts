import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  MATRICES_FOR_TESTS,
  NAMED_COLORS,
  oklchToHex,
  parseColor,
  toOklch,
} from './css-color';

const read = (text: string) => {
  const result = parseColor(text);
  if (!result.ok) throw new Error(result.reason);
  return result.oklch;
};

/** Within one step of 255 per channel: stored oklch is rounded to the digits people read. */
function expectHexClose(actual: string, expected: string, label?: string) {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [a, e] = [channels(actual), channels(expected)];
  a.forEach((value, i) =>
    expect(Math.abs(value - e[i]!), `${label ?? expected}: ${actual}`).toBeLessThanOrEqual(1),
  );
}

const ok = (text: string) => {
  const result = toOklch(text);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
};

/** Expect an oklch colour: lightness in %, chroma, hue in degrees, each within a small tolerance. */
function expectOklch(text: string, [l, c, h]: [number, number, number]) {
  const value = read(text);
  expect(value.l * 100, `${text} lightness`).toBeCloseTo(l, 1);
  expect(value.c, `${text} chroma`).toBeCloseTo(c, 3);
  expect(Math.abs(((value.h - h + 540) % 360) - 180), `${text} hue`).toBeLessThan(0.3);
}

describe('CSS Color 4 reference values', () => {
  // sRGB green #008000 is oklch(51.975% 0.17686 142.495) (web-platform-tests oklch-011); the
  // other notations below are the same green as written in the WPT lab, lch and oklab tests.
  it.each([
    'green',
    '#008000',
    'rgb(0 128 0)',
    'hwb(120 0% 49.8%)',
    'lab(46.277 -47.562 48.583)',
    'lab(46.277% -38.0496% 38.8664%)',
    'lch(46.277% 67.989 134.391)',
    'oklab(51.975% -35.075% 26.92%)',
    'oklab(0.51975 -0.1403 0.10768)',
    'oklch(51.975% 44.215% 142.495)',
  ])('%s is sRGB green', (text) => {
    expectOklch(text, [51.975, 0.17686, 142.495]);
  });

  // The Lab/LCH ↔ OKLab/OKLCH examples of CSS Color 4 §9 (Specifying Oklab and Oklch).
  it.each([
    ['lab(29.2345% 39.3825 20.0664)', [40.101, 0.12332, 21.555]],
    ['lch(52.2345% 72.2 56.2)', [59.686, 0.15619, 49.7694]],
    ['lab(62.2345% -34.9638 47.7721)', [66.016, 0.15546, 134.231]],
    ['lch(67.5345% 42.5 258.2)', [72.322, 0.12403, 247.996]],
    ['oklab(40.101% 0.1147 0.0453)', [40.101, 0.12332, 21.555]],
  ] as const)('%s', (text, expected) => {
    expectOklch(text, [...expected]);
  });

  it('reads oklch(80% 0.15 160) and its sRGB form alike (WPT oklch-006)', () => {
    expect(ok('rgb(32.022% 85.805% 61.147%)')).toBe(ok('oklch(80% 0.15 160)'));
  });

  it.each([
    // WPT predefined-005: display-p3 for sRGB rgb(0 127.5 0), which rounds to #008000.
    ['color(display-p3 0.21508071610847918 0.4922429411940395 0.13085464082643297)', '#008000'],
    // WPT predefined-016's XYZ values are relative to D50.
    ['color(xyz-d50 0.12266 0.22836 0.03093)', '#009900'],
    ['color(srgb 0.4 0.2 0.6)', '#663399'],
    ['color(srgb-linear 0.21586 0.21586 0.21586)', '#808080'],
    ['color(xyz-d65 0.20344 0.21404 0.2331)', '#808080'],
    ['color(xyz 0.95046 1 1.08906)', '#ffffff'],
    ['color(prophoto-rgb 1 1 1)', '#ffffff'],
    ['color(a98-rgb 0 0 0)', '#000000'],
    ['color(rec2020 1 1 1)', '#ffffff'],
    ['hwb(200 20% 30%)', '#3388b3'],
    ['hwb(0 60% 60%)', '#808080'],
    ['hsl(0.5turn 100% 50%)', '#00ffff'],
    ['hsl(200grad 100% 50%)', '#00ffff'],
    ['hsl(3.14159265rad 100% 50%)', '#00ffff'],
    ['rgb(none 0 255)', '#0000ff'],
    ['RebeccaPurple', '#663399'],
  ])('%s is %s in sRGB', (text, hex) => {
    expect(oklchToHex(ok(text))).toBe(hex);
  });

  it('keeps wide-gamut colours past sRGB (display-p3 red is oklch(64.86% 0.2995 28.96))', () => {
    expectOklch('color(display-p3 1 0 0)', [64.86, 0.2995, 28.96]);
    expect(read('color(display-p3 1 0 0)').c).toBeGreaterThan(read('red').c);
  });

  it('clamps chroma past every gamut to 0.5', () => {
    expect(ok('oklab(50% 0 1e100)')).toBe('oklch(50% 0.5 90)');
    expect(ok('oklch(50% 3 120)')).toBe('oklch(50% 0.5 120)');
  });

  it('derives the Bradford and sRGB matrices of CSS Color 4', () => {
    const { D50_TO_D65, SRGB_TO_XYZ } = MATRICES_FOR_TESTS;
    const spec = {
      D50_TO_D65: [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
      SRGB_TO_XYZ: [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
    };
    D50_TO_D65[0].forEach((value, i) => expect(value).toBeCloseTo(spec.D50_TO_D65[i]!, 9));
    SRGB_TO_XYZ[0].forEach((value, i) => expect(value).toBeCloseTo(spec.SRGB_TO_XYZ[i]!, 9));
  });
});

describe('named colours', () => {
  it('knows all 148 CSS named colours, each of them a readable colour', () => {
    expect(Object.keys(NAMED_COLORS)).toHaveLength(148);
    for (const name of Object.keys(NAMED_COLORS)) {
      expectHexClose(oklchToHex(ok(name)), NAMED_COLORS[name]!, name);
    }
    expect(ok('grey')).toBe(ok('gray'));
    expect(ok('LightGoldenRodYellow')).toBe(ok('#fafad2'));
  });

  it('refuses transparent and currentColor and says why', () => {
    expect(toOklch('transparent')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^“transparent” has no colour to store; pick an opaque/),
    });
    expect(toOklch('currentColor')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^“currentColor” depends on where it is used/),
    });
  });
});

describe('toOklch refuses', () => {
  it.each([
    'color(unknown 1 0 0)',
    'color(display-p3 1 0)',
    'color(srgb 1deg 0 0)',
    'lab(50 10)',
    'lch(50 10 20%)',
    'hwb(10% 0% 0%)',
    'oklab(1 2 3 4)',
    'lab(1e308 1e308 1e308)',
    'rgb(1 2 3 / 4 / 5)',
    'constructor',
    'toString()',
  ])('%j with the hint', (text) => {
    const result = toOklch(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/hex code .*lab\(\), lch\(\), oklab\(\)/);
  });
});

describe('contrastRatio', () => {
  it('compares colours as sRGB shows them', () => {
    expect(contrastRatio(ok('white'), ok('black'))).toBeCloseTo(21, 1);
    expect(contrastRatio(ok('lab(100 0 0)'), ok('lch(0 0 0)'))).toBeCloseTo(21, 1);
  });
});

describe('properties', () => {
  const fnText = fc
    .tuple(
      fc.constantFrom('rgb', 'rgba', 'hsl', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'),
      fc.array(
        fc.oneof(
          fc.double({ noNaN: false }).map(String),
          fc.constantFrom('none', '/', ',', '%', 'deg', 'turn', 'display-p3', 'xyz-d50', '1e400'),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: 6 },
      ),
    )
    .map(([name, parts]) => `${name}(${parts.join(' ')})`);

  it('never throws, and every colour it accepts is a finite oklch()', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fnText), (text) => {
        const result = toOklch(text);
        if (result.ok) {
          expect(result.value).toMatch(/^oklch\([\d.]+% [\d.]+ [\d.]+\)$/);
          expect(oklchToHex(result.value)).toMatch(/^#[0-9a-f]{6}$/);
        } else {
          expect(result.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('hex → oklch → hex gives the colour back, within one step per channel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        expectHexClose(oklchToHex(ok(hex)), hex);
      }),
      { numRuns: 2000 },
    );
  });
});
