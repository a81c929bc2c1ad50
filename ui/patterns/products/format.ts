/** How the Products screens write product counts; what every area shares is in ui/lib/format. */
import { formatCount } from '~/ui/lib/format';

export { formatAgo, formatCount, formatDateTime, localeLabel, markupToText } from '~/ui/lib/format';

/** "1 product", "2,350 products"; "More than 10,000 products" when the count stopped there. */
export function productCount(n: number, exact = true): string {
  if (!exact) return `More than ${formatCount(n)} products`;
  return `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}
