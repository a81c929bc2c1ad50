/** Slug suggestions: what the create-org and create-env forms propose from a name (slugSchema accepts it). */

/** The longest slug slugSchema accepts. */
export const SLUG_MAX_LENGTH = 48;

// Letters NFKD does not decompose into an ASCII base letter plus marks.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

/**
 * Lowercase, accents folded to ASCII, every run of other characters a single hyphen, no hyphen at
 * either end, at most SLUG_MAX_LENGTH characters (cut at a hyphen-free end). May return '' (e.g. for '日本').
 */
export function suggestSlug(name: string): string {
  const folded = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\P{ASCII}/gu, (c) => FOLDS[c] ?? '-');
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}
