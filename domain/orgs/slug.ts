/**
 * Org and env slugs: what a slug may be (slugSchema, shared by the forms and the server) and what the
 * create-org and create-env forms suggest from a name.
 */
import { z } from 'zod/mini';
import { ORG_MESSAGES } from './messages';

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

/**
 * Slugs that would collide with the app's own routes: /app/{orgSlug} sits beside create-org,
 * accept-invite, auth and sp; /app/{orgSlug}/{envSlug} beside create-env; and an env's screens are
 * named settings, onboarding, products, …. One list for org and env slugs, so a slug never has to be
 * renamed when it moves, and no future route at either level is shadowed.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'create-org',
  'accept-invite',
  'auth',
  'sp',
  'create-env',
  'settings',
  'onboarding',
  'products',
  'reviews',
  'agents',
  'analyst',
  'landing-pages',
  'pages',
];

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug.trim().toLowerCase());
}

/** An org or env slug: lowercase letters, digits and single hyphens, not a reserved route name. */
export const slugSchema = z.string().check(
  z.trim(),
  z.minLength(2, 'At least 2 characters'),
  z.maxLength(SLUG_MAX_LENGTH, `At most ${SLUG_MAX_LENGTH} characters`),
  z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single hyphens only'),
  z.refine((slug) => !isReservedSlug(slug), {
    error: (issue) => ORG_MESSAGES.reservedSlug(String(issue.input)),
  }),
);
