/**
 * The theme and landing-page designer (docs/product.md#theme-designer): its state and zod schemas, presets, the
 * 'Text:URL' and CSS-variable parsers and CSS export. Colour conversion and contrast live in
 * ./css-color; the state and schemas in ./state, the link lists in ./links, the CSS in ./css-variables
 * (all re-exported here).
 */

export {
  COLOR_HINT,
  contrastRatio,
  isOklch,
  oklchToHex,
  toOklch,
  type ColorResult,
} from './css-color';

export * from './css-variables';
export * from './links';
export * from './state';
