/**
 * CSS colour text to oklch (CSS Color 4): hex, the 148 named colours, rgb(), hsl(), hwb(), lab(),
 * lch(), oklab(), oklch() and color() in the predefined spaces. Alpha is read and dropped: the
 * designer stores opaque colours. Pure, no dependencies.
 *
 * The maths: gamma-encoded RGB → linear light → CIE XYZ (D65; D50 spaces and Lab are adapted with
 * Bradford) → linear sRGB → OKLab (Ottosson's matrices) → OKLCH. The RGB↔XYZ and Bradford matrices
 * are derived from the primaries and white points given in CSS Color 4 rather than copied.
 */

export type Oklch = { l: number; c: number; h: number };
type Vec3 = [number, number, number];
type Mat3 = [Vec3, Vec3, Vec3];

/** The 148 named colours of CSS Color 4 (`transparent` and `currentcolor` are handled apart). */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  aliceblue: '#f0f8ff',
  antiquewhite: '#faebd7',
  aqua: '#00ffff',
  aquamarine: '#7fffd4',
  azure: '#f0ffff',
  beige: '#f5f5dc',
  bisque: '#ffe4c4',
  black: '#000000',
  blanchedalmond: '#ffebcd',
  blue: '#0000ff',
  blueviolet: '#8a2be2',
  brown: '#a52a2a',
  burlywood: '#deb887',
  cadetblue: '#5f9ea0',
  chartreuse: '#7fff00',
  chocolate: '#d2691e',
  coral: '#ff7f50',
  cornflowerblue: '#6495ed',
  cornsilk: '#fff8dc',
  crimson: '#dc143c',
  cyan: '#00ffff',
  darkblue: '#00008b',
  darkcyan: '#008b8b',
  darkgoldenrod: '#b8860b',
  darkgray: '#a9a9a9',
  darkgreen: '#006400',
  darkgrey: '#a9a9a9',
  darkkhaki: '#bdb76b',
  darkmagenta: '#8b008b',
  darkolivegreen: '#556b2f',
  darkorange: '#ff8c00',
  darkorchid: '#9932cc',
  darkred: '#8b0000',
  darksalmon: '#e9967a',
  darkseagreen: '#8fbc8f',
  darkslateblue: '#483d8b',
  darkslategray: '#2f4f4f',
  darkslategrey: '#2f4f4f',
  darkturquoise: '#00ced1',
  darkviolet: '#9400d3',
  deeppink: '#ff1493',
  deepskyblue: '#00bfff',
  dimgray: '#696969',
  dimgrey: '#696969',
  dodgerblue: '#1e90ff',
  firebrick: '#b22222',
  floralwhite: '#fffaf0',
  forestgreen: '#228b22',
  fuchsia: '#ff00ff',
  gainsboro: '#dcdcdc',
  ghostwhite: '#f8f8ff',
  gold: '#ffd700',
  goldenrod: '#daa520',
  gray: '#808080',
  green: '#008000',
  greenyellow: '#adff2f',
  grey: '#808080',
  honeydew: '#f0fff0',
  hotpink: '#ff69b4',
  indianred: '#cd5c5c',
  indigo: '#4b0082',
  ivory: '#fffff0',
  khaki: '#f0e68c',
  lavender: '#e6e6fa',
  lavenderblush: '#fff0f5',
  lawngreen: '#7cfc00',
  lemonchiffon: '#fffacd',
  lightblue: '#add8e6',
  lightcoral: '#f08080',
  lightcyan: '#e0ffff',
  lightgoldenrodyellow: '#fafad2',
  lightgray: '#d3d3d3',
  lightgreen: '#90ee90',
  lightgrey: '#d3d3d3',
  lightpink: '#ffb6c1',
  lightsalmon: '#ffa07a',
  lightseagreen: '#20b2aa',
  lightskyblue: '#87cefa',
  lightslategray: '#778899',
  lightslategrey: '#778899',
  lightsteelblue: '#b0c4de',
  lightyellow: '#ffffe0',
  lime: '#00ff00',
  limegreen: '#32cd32',
  linen: '#faf0e6',
  magenta: '#ff00ff',
  maroon: '#800000',
  mediumaquamarine: '#66cdaa',
  mediumblue: '#0000cd',
  mediumorchid: '#ba55d3',
  mediumpurple: '#9370db',
  mediumseagreen: '#3cb371',
  mediumslateblue: '#7b68ee',
  mediumspringgreen: '#00fa9a',
  mediumturquoise: '#48d1cc',
  mediumvioletred: '#c71585',
  midnightblue: '#191970',
  mintcream: '#f5fffa',
  mistyrose: '#ffe4e1',
  moccasin: '#ffe4b5',
  navajowhite: '#ffdead',
  navy: '#000080',
  oldlace: '#fdf5e6',
  olive: '#808000',
  olivedrab: '#6b8e23',
  orange: '#ffa500',
  orangered: '#ff4500',
  orchid: '#da70d6',
  palegoldenrod: '#eee8aa',
  palegreen: '#98fb98',
  paleturquoise: '#afeeee',
  palevioletred: '#db7093',
  papayawhip: '#ffefd5',
  peachpuff: '#ffdab9',
  peru: '#cd853f',
  pink: '#ffc0cb',
  plum: '#dda0dd',
  powderblue: '#b0e0e6',
  purple: '#800080',
  rebeccapurple: '#663399',
  red: '#ff0000',
  rosybrown: '#bc8f8f',
  royalblue: '#4169e1',
  saddlebrown: '#8b4513',
  salmon: '#fa8072',
  sandybrown: '#f4a460',
  seagreen: '#2e8b57',
  seashell: '#fff5ee',
  sienna: '#a0522d',
  silver: '#c0c0c0',
  skyblue: '#87ceeb',
  slateblue: '#6a5acd',
  slategray: '#708090',
  slategrey: '#708090',
  snow: '#fffafa',
  springgreen: '#00ff7f',
  steelblue: '#4682b4',
  tan: '#d2b48c',
  teal: '#008080',
  thistle: '#d8bfd8',
  tomato: '#ff6347',
  turquoise: '#40e0d0',
  violet: '#ee82ee',
  wheat: '#f5deb3',
  white: '#ffffff',
  whitesmoke: '#f5f5f5',
  yellow: '#ffff00',
  yellowgreen: '#9acd32',
};

// ---------------------------------------------------------------------------------------------
// Matrices

const mul = (m: Mat3, v: Vec3): Vec3 => [
  m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
  m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
  m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
];

const matmul = (a: Mat3, b: Mat3): Mat3 => {
  const c0 = mul(a, [b[0][0], b[1][0], b[2][0]]);
  const c1 = mul(a, [b[0][1], b[1][1], b[2][1]]);
  const c2 = mul(a, [b[0][2], b[1][2], b[2][2]]);
  return [
    [c0[0], c1[0], c2[0]],
    [c0[1], c1[1], c2[1]],
    [c0[2], c1[2], c2[2]],
  ];
};

function inverse(m: Mat3): Mat3 {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    [A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
    [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
    [C / det, -(a * h - b * g) / det, (a * e - b * d) / det],
  ];
}

/** XYZ (Y = 1) of a chromaticity. */
const xyz = (x: number, y: number): Vec3 => [x / y, 1, (1 - x - y) / y];

const D65 = xyz(0.3127, 0.329);
const D50 = xyz(0.3457, 0.3585);

/** Linear RGB → XYZ for an RGB space given by its primaries' chromaticities and white point. */
function rgbToXyzMatrix(primaries: [number, number][], white: Vec3): Mat3 {
  const [r, g, b] = primaries.map(([x, y]) => xyz(x, y)) as [Vec3, Vec3, Vec3];
  const P: Mat3 = [
    [r[0], g[0], b[0]],
    [r[1], g[1], b[1]],
    [r[2], g[2], b[2]],
  ];
  const [sr, sg, sb] = mul(inverse(P), white);
  return P.map(([x, y, z]) => [x * sr, y * sg, z * sb]) as Mat3;
}

const BRADFORD: Mat3 = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];

/** Bradford chromatic adaptation from D50 to D65. */
const D50_TO_D65: Mat3 = (() => {
  const from = mul(BRADFORD, D50);
  const to = mul(BRADFORD, D65);
  const scale: Mat3 = [
    [to[0] / from[0], 0, 0],
    [0, to[1] / from[1], 0],
    [0, 0, to[2] / from[2]],
  ];
  return matmul(inverse(BRADFORD), matmul(scale, BRADFORD));
})();

const SRGB_TO_XYZ = rgbToXyzMatrix(
  [
    [0.64, 0.33],
    [0.3, 0.6],
    [0.15, 0.06],
  ],
  D65,
);
const XYZ_TO_SRGB = inverse(SRGB_TO_XYZ);

// ---------------------------------------------------------------------------------------------
// Transfer functions (sign-extended, so out-of-gamut values keep their sign)

const signed = (f: (c: number) => number) => (c: number) => Math.sign(c) * f(Math.abs(c));

const srgbToLinear = signed((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
const linearToSrgb = signed((c) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055));

const REC2020_ALPHA = 1.09929682680944;
const REC2020_BETA = 0.018053968510807;

type Space = { toLinear: (c: number) => number; toXyz: Mat3; white: 'd65' | 'd50' };

const identity = (c: number) => c;
const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/** The predefined spaces of `color()`. */
const SPACES: Record<string, Space> = {
  srgb: { toLinear: srgbToLinear, toXyz: SRGB_TO_XYZ, white: 'd65' },
  'srgb-linear': { toLinear: identity, toXyz: SRGB_TO_XYZ, white: 'd65' },
  'display-p3': {
    toLinear: srgbToLinear,
    toXyz: rgbToXyzMatrix(
      [
        [0.68, 0.32],
        [0.265, 0.69],
        [0.15, 0.06],
      ],
      D65,
    ),
    white: 'd65',
  },
  'a98-rgb': {
    toLinear: signed((c) => c ** (563 / 256)),
    toXyz: rgbToXyzMatrix(
      [
        [0.64, 0.33],
        [0.21, 0.71],
        [0.15, 0.06],
      ],
      D65,
    ),
    white: 'd65',
  },
  'prophoto-rgb': {
    toLinear: signed((c) => (c <= 16 / 512 ? c / 16 : c ** 1.8)),
    toXyz: rgbToXyzMatrix(
      [
        [0.734699, 0.265301],
        [0.159597, 0.840403],
        [0.036598, 0.000105],
      ],
      D50,
    ),
    white: 'd50',
  },
  rec2020: {
    toLinear: signed((c) =>
      c < REC2020_BETA * 4.5 ? c / 4.5 : ((c + REC2020_ALPHA - 1) / REC2020_ALPHA) ** (1 / 0.45),
    ),
    toXyz: rgbToXyzMatrix(
      [
        [0.708, 0.292],
        [0.17, 0.797],
        [0.131, 0.046],
      ],
      D65,
    ),
    white: 'd65',
  },
  xyz: { toLinear: identity, toXyz: IDENTITY, white: 'd65' },
  'xyz-d65': { toLinear: identity, toXyz: IDENTITY, white: 'd65' },
  'xyz-d50': { toLinear: identity, toXyz: IDENTITY, white: 'd50' },
};

// ---------------------------------------------------------------------------------------------
// Spaces to OKLCH

function linearSrgbToOklch([r, g, b]: Vec3): Oklch {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return oklabToOklch([
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ]);
}

/** Past every display's gamut (rec2020 peaks near 0.37); larger chroma is clamped to it. */
const MAX_CHROMA = 0.5;

function oklabToOklch([L, a, b]: Vec3): Oklch {
  const c = Math.hypot(a, b);
  const achromatic = c < 1e-4;
  return {
    l: clamp01(L),
    c: achromatic ? 0 : Math.min(c, MAX_CHROMA),
    h: achromatic ? 0 : ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360,
  };
}

const srgbToOklch = (rgb: Vec3) => linearSrgbToOklch(rgb.map(srgbToLinear) as Vec3);
const xyzD65ToOklch = (xyzD65: Vec3) => linearSrgbToOklch(mul(XYZ_TO_SRGB, xyzD65));

function labToOklch([L, a, b]: Vec3): Oklch {
  const kappa = 24389 / 27;
  const epsilon = 216 / 24389;
  const fy = (L + 16) / 116;
  const fx = a / 500 + fy;
  const fz = fy - b / 200;
  const cube = (f: number) => (f ** 3 > epsilon ? f ** 3 : (116 * f - 16) / kappa);
  const relative: Vec3 = [cube(fx), L > kappa * epsilon ? fy ** 3 : L / kappa, cube(fz)];
  const d50: Vec3 = [relative[0] * D50[0], relative[1] * D50[1], relative[2] * D50[2]];
  return xyzD65ToOklch(mul(D50_TO_D65, d50));
}

const polar = (c: number, h: number): [number, number] => [
  c * Math.cos((h * Math.PI) / 180),
  c * Math.sin((h * Math.PI) / 180),
];

/** Linear sRGB of an oklch colour, unclamped (out-of-gamut colours go past 0..1). */
function oklchToLinearSrgb({ l: L, c, h }: Oklch): Vec3 {
  const [A, B] = polar(c, h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

function hslToSrgb(hue: number, s: number, l: number): Vec3 {
  const h = hue / 360;
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function hwbToSrgb(hue: number, white: number, black: number): Vec3 {
  if (white + black >= 1) {
    const gray = white / (white + black);
    return [gray, gray, gray];
  }
  return hslToSrgb(hue, 1, 0.5).map((c) => c * (1 - white - black) + white) as Vec3;
}

// ---------------------------------------------------------------------------------------------
// Parsing

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const tokenRe = new RegExp(`^(${NUMBER})(%|deg|grad|rad|turn)?$`, 'i');
const DEGREES: Record<string, number> = { '': 1, deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

function readToken(token: string): { value: number; unit: string } | null {
  if (token.toLowerCase() === 'none') return { value: 0, unit: 'none' };
  const match = tokenRe.exec(token);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isFinite(value) ? { value, unit: (match[2] ?? '').toLowerCase() } : null;
}

/** A number or a percentage (`percent` is what 100% stands for); `none` is 0. */
function amount(token: string, percent: number): number | null {
  const read = readToken(token);
  if (!read) return null;
  if (read.unit === '%') return (read.value / 100) * percent;
  return read.unit === '' || read.unit === 'none' ? read.value : null;
}

/** A hue in degrees, 0 to 360: a number or an angle; `none` is 0. */
function hue(token: string): number | null {
  const read = readToken(token);
  if (!read || read.unit === '%') return null;
  const degrees = read.unit === 'none' ? 0 : read.value * DEGREES[read.unit]!;
  return ((degrees % 360) + 360) % 360;
}

/** `fn(a b c / alpha)`, or the legacy `fn(a, b, c[, alpha])`: the name and the channel tokens. */
function splitFunction(text: string): { name: string; args: string[] } | null {
  const match = /^([a-z][a-z0-9-]*)\(\s*([^()]*)\)$/i.exec(text);
  if (!match) return null;
  const [main, alpha, ...rest] = match[2]!.split('/');
  if (rest.length > 0) return null;
  const legacy = main!.includes(',');
  const args = legacy ? main!.split(',').map((part) => part.trim()) : main!.trim().split(/\s+/);
  let alphaToken = alpha?.trim();
  if (legacy && args.length === 4 && alphaToken === undefined) alphaToken = args.pop();
  if (args.some((part) => part === '')) return null;
  if (alphaToken !== undefined && amount(alphaToken, 1) === null) return null;
  return { name: match[1]!.toLowerCase(), args };
}

function parseHex(text: string): Vec3 | null {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text);
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as Vec3;
}

/** Reads the three channel tokens, each with its own reader; `null` if any one is unreadable. */
function channels(args: string[], readers: ((token: string) => number | null)[]): Vec3 | null {
  if (args.length !== 3) return null;
  const values = args.map((arg, i) => readers[i]!(arg));
  return values.every((value) => value !== null) ? (values as Vec3) : null;
}

type ColorFn = (args: string[]) => Oklch | null;

const rgbFn: ColorFn = (args) => {
  const rgb = channels(args, [(t) => amount(t, 255), (t) => amount(t, 255), (t) => amount(t, 255)]);
  return rgb && srgbToOklch(rgb.map((c) => clamp01(c / 255)) as Vec3);
};

const hslFn: ColorFn = (args) => {
  const hsl = channels(args, [hue, (t) => amount(t, 100), (t) => amount(t, 100)]);
  return hsl && srgbToOklch(hslToSrgb(hsl[0], clamp01(hsl[1] / 100), clamp01(hsl[2] / 100)));
};

const FUNCTIONS: Record<string, ColorFn> = {
  rgb: rgbFn,
  rgba: rgbFn,
  hsl: hslFn,
  hsla: hslFn,
  hwb: (args) => {
    const hwb = channels(args, [hue, (t) => amount(t, 100), (t) => amount(t, 100)]);
    return hwb && srgbToOklch(hwbToSrgb(hwb[0], clamp01(hwb[1] / 100), clamp01(hwb[2] / 100)));
  },
  lab: (args) => {
    const lab = channels(args, [
      (t) => amount(t, 100),
      (t) => amount(t, 125),
      (t) => amount(t, 125),
    ]);
    return lab && labToOklch([clamp(lab[0], 0, 100), lab[1], lab[2]]);
  },
  lch: (args) => {
    const lch = channels(args, [(t) => amount(t, 100), (t) => amount(t, 150), hue]);
    return lch && labToOklch([clamp(lch[0], 0, 100), ...polar(Math.max(0, lch[1]), lch[2])]);
  },
  oklab: (args) => {
    const lab = channels(args, [(t) => amount(t, 1), (t) => amount(t, 0.4), (t) => amount(t, 0.4)]);
    return lab && oklabToOklch([clamp01(lab[0]), lab[1], lab[2]]);
  },
  oklch: (args) => {
    const lch = channels(args, [(t) => amount(t, 1), (t) => amount(t, 0.4), hue]);
    return lch && { l: clamp01(lch[0]), c: clamp(lch[1], 0, MAX_CHROMA), h: lch[2] };
  },
  color: ([spaceName, ...args]) => {
    const space = SPACES[spaceName!.toLowerCase()];
    const percent = (t: string) => amount(t, 1);
    const values = space && channels(args, [percent, percent, percent]);
    if (!space || !values) return null;
    const linear = values.map(space.toLinear) as Vec3;
    if (space.toXyz === SRGB_TO_XYZ) return linearSrgbToOklch(linear);
    const xyzValues = mul(space.toXyz, linear);
    return xyzD65ToOklch(space.white === 'd50' ? mul(D50_TO_D65, xyzValues) : xyzValues);
  },
};

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export function formatOklch({ l, c, h }: Oklch): string {
  const chroma = round(c, 4);
  return `oklch(${round(l * 100, 2)}% ${chroma} ${chroma === 0 ? 0 : round(h, 2)})`;
}

export type ColorResult = { ok: true; value: string } | { ok: false; reason: string };

export const COLOR_HINT =
  'Use a hex code (#1d4ed8), a colour name such as tomato, or rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or color().';

const NO_COLOUR: Record<string, string> = {
  transparent: '“transparent” has no colour to store; pick an opaque colour.',
  currentcolor: '“currentColor” depends on where it is used; pick a fixed colour.',
};

/** Reads any CSS colour text this module knows into oklch, or says why it cannot. */
export function parseColor(
  input: string,
): { ok: true; oklch: Oklch } | { ok: false; reason: string } {
  const text = input.trim().toLowerCase();
  if (text === '') return { ok: false, reason: `Enter a colour. ${COLOR_HINT}` };
  if (NO_COLOUR[text]) return { ok: false, reason: `${NO_COLOUR[text]} ${COLOR_HINT}` };
  const hex = parseHex(NAMED_COLORS[text] ?? text);
  let oklch: Oklch | null = hex && srgbToOklch(hex);
  if (!oklch) {
    const fn = splitFunction(text);
    const convert = fn && Object.hasOwn(FUNCTIONS, fn.name) ? FUNCTIONS[fn.name] : undefined;
    oklch = fn && convert ? convert(fn.args) : null;
  }
  if (oklch && [oklch.l, oklch.c, oklch.h].every(Number.isFinite)) return { ok: true, oklch };
  return {
    ok: false,
    reason: `“${input.trim().slice(0, 40)}” is not a colour we can read. ${COLOR_HINT}`,
  };
}

/** Converts any CSS colour text to an oklch() string, or gives the reason it cannot. */
export function toOklch(input: string): ColorResult {
  const parsed = parseColor(input);
  return parsed.ok ? { ok: true, value: formatOklch(parsed.oklch) } : parsed;
}

function parseOklchString(text: string): Oklch | null {
  const fn = splitFunction(text.trim());
  return fn?.name === 'oklch' ? FUNCTIONS.oklch!(fn.args) : null;
}

export function isOklch(text: string): boolean {
  return parseOklchString(text) !== null;
}

/** The nearest sRGB hex (clipped), for the native colour input. */
export function oklchToHex(oklch: string): string {
  const linear = oklchToLinearSrgb(parseOklchString(oklch) ?? { l: 0, c: 0, h: 0 });
  return `#${linear
    .map((channel) =>
      Math.round(clamp01(linearToSrgb(clamp01(channel))) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(oklch: string): number {
  const [r, g, b] = oklchToLinearSrgb(parseOklchString(oklch) ?? { l: 0, c: 0, h: 0 });
  return 0.2126 * clamp01(r) + 0.7152 * clamp01(g) + 0.0722 * clamp01(b);
}

/** WCAG 2 contrast ratio (1 to 21) between two oklch colours, as sRGB clips them. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Internal matrices, exported for the unit tests that check them against CSS Color 4's. */
export const MATRICES_FOR_TESTS = { D50_TO_D65, SRGB_TO_XYZ };
