/** How the Products screens write product counts; what every area shares is in ui/lib/format. */
import { formatCount } from '~/ui/lib/format';

export { formatAgo, formatCount, formatDateTime, localeLabel, markupToText } from '~/ui/lib/format';

/** "1 product", "2,350 products". */
export function productCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}
