/**
 * How every area writes counts, times, money, locales and OCAPI markup (always as text). An area's
 * own formatters (product counts, run durations, rates) stay in its `format.ts`.
 */
import { DEFAULT_LOCALE } from '~/domain/products/entities';

const count = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return count.format(n);
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

/** A calendar day in the reader's locale conventions (e.g. "Feb 3, 2026"): settings, orgs, the gates. */
const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDay(date: Date): string {
  return day.format(date);
}

/** A moment in the reader's time zone (e.g. "Feb 3, 2026, 9:41 AM"). */
const moment = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export function formatMoment(date: Date): string {
  return moment.format(date);
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$12.34"; a cost under a cent reads "under $0.01" rather than a misleading "$0.00". */
export function formatUsd(amount: number): string {
  if (amount > 0 && amount < 0.005) return 'under $0.01';
  return dollars.format(amount);
}

/** A list price, e.g. a model's "$3 / $15": whole dollars stay whole, cents are shown when there are some. */
export function formatPrice(perMillion: number): string {
  return Number.isInteger(perMillion) ? `$${perMillion}` : dollars.format(perMillion);
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
