/**
 * The products constants the routes' search schemas need, apart from entities.ts so the entry
 * chunk does not carry the area's labels (docs/decisions/0002-lean-entry-chunk.md).
 */

/** The locale OCAPI falls back to, and the product list's default language. */
export const DEFAULT_LOCALE = 'default';

/** OCAPI's locale ids: `default`, a language (`fr`) or a language and region (`fr-FR`). */
export const LOCALE_ID_PATTERN = /^(default|[a-z]{2,3}(-[A-Za-z0-9]{2,8})?)$/;
export const LOCALE_ID_MAX_LENGTH = 20;

/** The detail screen's view groups, in tab order. */
export const PRODUCT_VIEW_GROUPS = ['content', 'seo', 'attributes', 'variations'] as const;
export type ProductViewGroup = (typeof PRODUCT_VIEW_GROUPS)[number];
