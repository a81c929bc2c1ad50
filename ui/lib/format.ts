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
