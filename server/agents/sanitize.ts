/**
 * Model output for a markup field (short_description, long_description) as the instance may store
 * it: only the tags a product description needs, no attributes, no scripts, styles or links. The
 * review screens show it as text; this is what would be written back.
 */
import sanitizeHtml from 'sanitize-html';
import { MARKUP_FIELDS, type ProductField } from '~/domain/products/entities';

export const ALLOWED_TAGS = [
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'h2',
  'h3',
  'h4',
];

export function sanitizeMarkup(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {},
    // Dropped with their content, not unwrapped into text.
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'title'],
    disallowedTagsMode: 'discard',
  }).trim();
}

/**
 * A proposed value as it may be written to the field: markup sanitised for the two descriptions, every
 * tag dropped from the plain-text fields (name, page_*), trimmed. What an agent proposes and what a
 * reviewer types both pass through it (docs/security.md, rule 8).
 */
export function cleanProposedValue(field: ProductField, raw: string): string {
  return MARKUP_FIELDS.has(field) ? sanitizeMarkup(raw) : raw.replace(/<[^>]*>/g, '').trim();
}
