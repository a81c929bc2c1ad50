/**
 * Did the latest publish of approved changes move the mention rate? For each prompt whose answers
 * named a changed product: the rate before and after (with n), the difference with its 95% interval,
 * and the two-proportion test's verdict with its p-value. Never a bare delta.
 */
import { useId } from 'react';
import type { PublishMark, UpliftFigure } from '~/domain/monitoring/runs';
import { Badge } from '~/ui/components/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import {
  formatDay,
  formatPoints,
  formatPointsInterval,
  proposalCount,
  significanceLabel,
} from './format';
import { RateCell } from './rate';

export const UPLIFT_TEXT = {
  title: 'Effect of published changes',
  intro: (mark: PublishMark) =>
    `Mention rate in the run before and the run after the latest publish (${proposalCount(mark.proposals)} on ${formatDay(mark.at)}), for the prompts whose answers named a changed product. A change is called significant only when p < 0.05.`,
  caption: 'Mention rate before and after the latest publish, per prompt',
  columns: {
    prompt: 'Prompt',
    products: 'Products changed',
    before: 'Before',
    after: 'After',
    difference: 'Difference',
    verdict: 'Significance',
  },
  interval: (text: string) => `95% interval ${text}`,
  none: 'None of the monitored prompts’ answers named the changed products, so there is no before and after to compare.',
} as const;

export function UpliftPanel({
  uplift,
  publishes,
  productName,
}: {
  uplift: readonly UpliftFigure[];
  publishes: readonly PublishMark[];
  /** A product's name for its id (the id when the catalogue does not know it). */
  productName(b2cProductId: string): string;
}) {
  const titleId = useId();
  const latest = publishes.at(-1);
  if (!latest) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-uplift"
      className="flex break-inside-avoid flex-col gap-3"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {UPLIFT_TEXT.title}
      </h2>
      <p className="max-w-3xl text-sm text-base-content/75">{UPLIFT_TEXT.intro(latest)}</p>
      {uplift.length === 0 ? (
        <p className="text-sm">{UPLIFT_TEXT.none}</p>
      ) : (
        <Table>
          <TableCaption className="sr-only">{UPLIFT_TEXT.caption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{UPLIFT_TEXT.columns.prompt}</TableHead>
              <TableHead scope="col">{UPLIFT_TEXT.columns.products}</TableHead>
              <TableHead scope="col">{UPLIFT_TEXT.columns.before}</TableHead>
              <TableHead scope="col">{UPLIFT_TEXT.columns.after}</TableHead>
              <TableHead scope="col">{UPLIFT_TEXT.columns.difference}</TableHead>
              <TableHead scope="col">{UPLIFT_TEXT.columns.verdict}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {uplift.map((figure) => {
              const { test } = figure;
              return (
                <TableRow key={figure.promptKey} data-prompt={figure.promptKey}>
                  <TableHead scope="row" className="max-w-80 font-normal whitespace-normal">
                    {figure.promptText}
                  </TableHead>
                  <TableCell className="whitespace-normal">
                    {figure.products.map(productName).join(', ')}
                  </TableCell>
                  <TableCell>
                    <RateCell rate={test.before} />
                  </TableCell>
                  <TableCell>
                    <RateCell rate={test.after} />
                  </TableCell>
                  <TableCell>
                    {test.difference === null || !test.interval ? (
                      '—'
                    ) : (
                      <span data-slot="difference" className="flex flex-col">
                        <span className="font-medium tabular-nums">
                          {formatPoints(test.difference)}
                        </span>
                        <span className="text-xs text-base-content/75 tabular-nums">
                          {UPLIFT_TEXT.interval(formatPointsInterval(test.interval))}
                        </span>
                      </span>
                    )}
                  </TableCell>
                  <TableCell>
                    <Badge variant={test.significant ? 'success' : 'outline'}>
                      {significanceLabel(test)}
                    </Badge>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
