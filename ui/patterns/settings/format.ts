/** Dates on the settings screens: a calendar day in the reader's locale conventions (e.g. "Feb 3, 2026"). */
const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDay(date: Date): string {
  return day.format(date);
}
