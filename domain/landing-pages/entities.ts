/** A landing page as Beacon keeps it: its fields' schemas (plain text only, safe URLs) and what the procedures answer. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';

export const LANDING_PAGE_STATUSES = ['draft', 'published'] as const;
export type LandingPageStatus = (typeof LANDING_PAGE_STATUSES)[number];

export const TITLE_MAX = 120;
export const SLUG_MAX = 80;
export const MAX_SECTIONS = 30;
export const MAX_GRID_PRODUCTS = 24;
export const MAX_PARAGRAPHS = 20;
export const MAX_FAQ_ITEMS = 20;
export const URL_MAX = 2000;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** Lowercase words joined by single hyphens: `summer-sale-2026`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .check(
    z.maxLength(SLUG_MAX),
    z.regex(SLUG_PATTERN, 'Use lowercase letters, digits and hyphens.'),
  );

/** `default`, or a language with an optional region, as the catalogue names its locales (`en-US`). */
export const LOCALE_PATTERN = /^(default|[a-z]{2}(-[A-Z]{2})?)$/;
export const localeSchema = z.string().check(z.regex(LOCALE_PATTERN, 'Not a locale.'));

const hasControlOrSpace = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f);

/** An absolute https URL, nothing else (no `javascript:`, `data:`, `http:`, spaces or quotes). */
export function isHttpsUrl(value: string): boolean {
  if (value.length > URL_MAX || hasControlOrSpace(value) || /["'<>\\`]/.test(value)) return false;
  return /^https:\/\/[^/?#@:]+(:\d+)?([/?#].*)?$/i.test(value);
}

/** An https URL or a path on the storefront (`/s/RefArch/sale`), never `//host`. */
export function isLinkUrl(value: string): boolean {
  if (value.startsWith('/')) {
    return (
      !value.startsWith('//') &&
      value.length <= URL_MAX &&
      !hasControlOrSpace(value) &&
      !/["'<>\\`]/.test(value)
    );
  }
  return isHttpsUrl(value);
}

const imageUrl = z.string().check(z.refine(isHttpsUrl, 'Use an https:// address.'));
const linkUrl = z
  .string()
  .check(z.refine(isLinkUrl, 'Use an https:// address or a storefront path starting with /.'));

export const heroSection = z.object({
  type: z.literal('hero'),
  heading: text(200),
  subheading: z.optional(text(500)),
  imageUrl: z.optional(imageUrl),
  ctaLabel: z.optional(text(80)),
  ctaUrl: z.optional(linkUrl),
});
export const productGridSection = z.object({
  type: z.literal('productGrid'),
  heading: z.optional(text(200)),
  productIds: z.array(idSchema).check(z.minLength(1), z.maxLength(MAX_GRID_PRODUCTS)),
});
export const richTextSection = z.object({
  type: z.literal('richText'),
  /** Plain text: markup is shown as text, never interpreted. */
  paragraphs: z.array(text(5000)).check(z.minLength(1), z.maxLength(MAX_PARAGRAPHS)),
});
export const faqSection = z.object({
  type: z.literal('faq'),
  items: z
    .array(z.object({ question: text(300), answer: text(3000) }))
    .check(z.minLength(1), z.maxLength(MAX_FAQ_ITEMS)),
});

export const landingPageSection = z.discriminatedUnion('type', [
  heroSection,
  productGridSection,
  richTextSection,
  faqSection,
]);
export type LandingPageSection = z.output<typeof landingPageSection>;
export const landingPageSections = z.array(landingPageSection).check(z.maxLength(MAX_SECTIONS));

/** The fields a person edits. */
export const landingPageFields = z.object({
  title: text(TITLE_MAX),
  slug: slugSchema,
  locale: localeSchema,
  themeId: z.nullable(idSchema),
  sections: landingPageSections,
});
export type LandingPageFields = z.output<typeof landingPageFields>;

export interface LandingPage extends LandingPageFields {
  id: string;
  status: LandingPageStatus;
  /**
   * A published page edited since: the instance still shows the last published version until it
   * is published again (status stays `published`).
   */
  hasUnpublishedChanges: boolean;
  publishedAt: Date | null;
  /** The content asset and library the page was last published as. */
  publishedAssetId: string | null;
  publishedLibraryId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type LandingPageListItem = Pick<
  LandingPage,
  | 'id'
  | 'title'
  | 'slug'
  | 'locale'
  | 'status'
  | 'hasUnpublishedChanges'
  | 'publishedAt'
  | 'updatedAt'
>;

export interface LandingPagesPage {
  items: LandingPageListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** A product a grid shows, as the catalogue copy has it. */
export interface LandingPageProduct {
  id: string;
  name: string | null;
  /** Where its storefront page is; null when unknown (the tile is then not a link). */
  url: string | null;
  /** A display price ("€ 49.00"), when known. */
  price?: string | null;
}

/** The content asset id a page is published as, in its site's library. */
export const contentAssetId = (slug: string) => `beacon-lp-${slug}`;
