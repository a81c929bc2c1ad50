/** How the Products screens write counts, times, locales and OCAPI markup (always as text). */
import { DEFAULT_LOCALE } from '~/domain/products/entities';

const count = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return count.format(n);
}

/** "1 product", "2,350 products". */
export function productCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}

// UTC, named: the same moment reads the same for everyone on the team.
const absolute = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "Mar 2, 2026, 09:30 UTC". */
export function formatDateTime(date: Date): string {
  return `${absolute.format(date)} UTC`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** "just now", "5 minutes ago", "2 hours ago", "yesterday". */
export function formatAgo(date: Date, now: Date): string {
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [u, s] of STEPS) if (seconds >= s) [unit, size] = [u, s];
  return relative.format(-Math.max(1, Math.round(seconds / size)), unit);
}

/** "Default" for OCAPI's fallback locale; others by their id ("fr-FR"), as Business Manager names them. */
export function localeLabel(locale: string): string {
  return locale === DEFAULT_LOCALE ? 'Default' : locale;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * OCAPI markup as plain text for display: tags dropped (block ends become spaces), the common entities
 * decoded, whitespace collapsed. The result is rendered as text, never parsed as HTML.
 */
export function markupToText(markup: string): string {
  return markup
    .replace(/<\s*(br|\/p|\/li|\/div|\/h\d|li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
