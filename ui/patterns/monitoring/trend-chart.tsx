/**
 * The mention rate over runs, drawn with recharts: the rate as a line, its 95% interval as a band,
 * publishes of approved changes as dashed vertical lines. Loaded lazily (recharts is large and only
 * this chart needs it); the numbers are also in the table beside it, which is what assistive tech
 * reads. Colours are the theme's variables, so the chart reads in light and dark and in print.
 */
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { PublishMark, TrendPoint } from '~/domain/monitoring/runs';
import {
  formatDay,
  formatN,
  formatRate,
  formatShortDay,
  proposalCount,
  TREND_CHART_HEIGHT,
} from './format';

interface Datum {
  t: number;
  /** Percent; null when the run had no answers. */
  rate: number | null;
  band: [number, number] | null;
  point: TrendPoint;
}

const percent = (share: number) => Math.round(share * 1000) / 10;
const DAY = 24 * 60 * 60 * 1000;

const axisTick = { fill: 'var(--base-content)', fontSize: 12 };

export function TrendChart({
  trend,
  publishes,
}: {
  trend: readonly TrendPoint[];
  publishes: readonly PublishMark[];
}) {
  const data: Datum[] = trend.map((point) => ({
    t: point.at.getTime(),
    rate: point.mentionRate.rate === null ? null : percent(point.mentionRate.rate),
    band:
      point.mentionRate.n === 0
        ? null
        : [percent(point.mentionRate.low), percent(point.mentionRate.high)],
    point,
  }));
  const first = data[0]?.t ?? 0;
  const last = data.at(-1)?.t ?? first;
  // A little room either side, so the first and last points are not on the frame.
  const pad = Math.max(DAY, (last - first) * 0.03);
  return (
    <ComposedChart
      responsive
      data={data}
      accessibilityLayer={false}
      margin={{ top: 28, right: 24, bottom: 4, left: 0 }}
      style={{ width: '100%', height: TREND_CHART_HEIGHT }}
    >
      <CartesianGrid stroke="var(--base-300)" vertical={false} />
      <XAxis
        dataKey="t"
        type="number"
        scale="time"
        domain={[first - pad, last + pad]}
        ticks={data.map((d) => d.t)}
        tickFormatter={(t: number) => formatShortDay(t)}
        tick={axisTick}
        stroke="var(--base-300)"
      />
      <YAxis
        domain={[0, 100]}
        ticks={[0, 25, 50, 75, 100]}
        tickFormatter={(v: number) => `${v}%`}
        tick={axisTick}
        stroke="var(--base-300)"
        width={48}
      />
      <Tooltip
        content={TrendTooltip}
        cursor={{ stroke: 'var(--base-300)' }}
        isAnimationActive={false}
      />
      <Area
        dataKey="band"
        type="linear"
        stroke="none"
        fill="var(--primary)"
        fillOpacity={0.18}
        isAnimationActive={false}
        activeDot={false}
      />
      <Line
        dataKey="rate"
        type="linear"
        stroke="var(--primary)"
        strokeWidth={2}
        dot={{ r: 3, fill: 'var(--primary)', stroke: 'var(--primary)' }}
        isAnimationActive={false}
        connectNulls
      />
      {publishes.map((mark) => (
        <ReferenceLine
          key={mark.at.toISOString()}
          x={mark.at.getTime()}
          stroke="var(--secondary)"
          strokeWidth={1.5}
          strokeDasharray="5 4"
          label={{
            value: proposalCount(mark.proposals),
            position: 'top',
            fill: 'var(--base-content)',
            fontSize: 12,
          }}
        />
      ))}
    </ComposedChart>
  );
}

function TrendTooltip({ active, payload }: TooltipContentProps<ValueType, NameType>) {
  const datum = payload?.[0]?.payload as Datum | undefined;
  if (!active || !datum) return null;
  const { point } = datum;
  return (
    <div className="rounded-field border border-base-300 bg-base-100 px-3 py-2 text-xs text-base-content shadow-md">
      <p className="font-medium">{formatDay(point.at)}</p>
      <p className="tabular-nums">
        {formatRate(point.mentionRate)} · {formatN(point.mentionRate.n)}
      </p>
    </div>
  );
}
