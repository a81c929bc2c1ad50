/** A rate as the monitoring screens show one: the share, its 95% interval, and the n behind it. */
import type { Rate } from '~/domain/monitoring/stats';
import { cn } from '~/ui/lib/cn';
import { formatN, formatRate } from './format';

/** "42% (35–49%)" over "n = 300", as a term and its description in a <dl>. */
export function RateStat({
  label,
  rate,
  className,
}: {
  label: string;
  rate: Rate;
  className?: string;
}) {
  return (
    <div data-slot="rate-stat" className={cn('flex flex-col gap-0.5', className)}>
      <dt className="text-sm text-base-content/75">{label}</dt>
      <dd className="flex flex-col">
        <span className="text-xl font-semibold tabular-nums">{formatRate(rate)}</span>
        <span className="text-xs text-base-content/75 tabular-nums">{formatN(rate.n)}</span>
      </dd>
    </div>
  );
}

/** A rate in a table cell: "42% (35–49%)" and, under it, "n = 300". */
export function RateCell({ rate }: { rate: Rate }) {
  return (
    <span data-slot="rate" className="flex flex-col">
      <span className="tabular-nums">{formatRate(rate)}</span>
      <span className="text-xs text-base-content/75 tabular-nums">{formatN(rate.n)}</span>
    </span>
  );
}
