/**
 * Did the latest publish of approved changes move the mention rate? (ADR 0040) The windows of runs
 * compared and whether they are full yet; one overall answer across prompts and engines (against the
 * prompts that named no changed product where there are some); and, per prompt whose answers named a
 * changed product, the rate before and after (with n and an interval that counts the drift between
 * runs), the difference with its 95% interval and the verdict on the adjusted p-value. A row whose
 * runs are not like for like says what changed and gives no verdict. Never a bare delta.
 */
import { useId } from 'react';
import type { PublishMark } from '~/domain/monitoring/runs';
import type { UpliftFigure, UpliftOverall, UpliftSummary } from '~/domain/monitoring/uplift';
import { Badge } from '~/ui/components/badge';
import { TableCell, TableHead, TableRow } from '~/ui/components/table';
import {
  formatDay,
  formatPoints,
  formatPointsInterval,
  overallVerdictLabel,
  proposalCount,
  upliftVerdictLabel,
} from './format';
import { RateCell } from './rate';
import { FiguresTable, ResultsSection } from './results-parts';

const runs = (n: number) => (n === 1 ? '1 run' : `${n} runs`);
const prompts = (n: number) => (n === 1 ? '1 prompt' : `${n} prompts`);

export const UPLIFT_TEXT = {
  title: 'Effect of published changes',
  intro: (mark: PublishMark) =>
    `Mention rate before and after the latest publish (${proposalCount(mark.proposals)} on ${formatDay(mark.at)}), for the prompts whose answers named a changed product. Each engine is compared with itself, and the intervals include how much the assistants’ answers drift from run to run.`,
  windows: (summary: UpliftSummary) =>
    `Compared: the ${runs(summary.runsBefore)} before the publish and the ${runs(summary.runsAfter)} after it.`,
  waiting: (summary: UpliftSummary) =>
    `Waiting for runs: ${summary.runsBefore} of ${summary.runsNeeded} before the publish and ${summary.runsAfter} of ${summary.runsNeeded} after it so far. A verdict needs ${runs(summary.runsNeeded)} on each side, so that one unusual run cannot decide it.`,
  overallTitle: 'Did this publish help?',
  overall: (overall: UpliftOverall) =>
    overall.method === 'difference-in-differences'
      ? `Across ${prompts(overall.prompts)} naming changed products, compared with the ${prompts(overall.controls)} that named none: ${formatPoints(overall.difference)} (95% interval ${formatPointsInterval(overall.interval)}).`
      : `Across ${prompts(overall.prompts)} naming changed products, engine by engine: ${formatPoints(overall.difference)} (95% interval ${formatPointsInterval(overall.interval)}). No prompt that named no changed product was there to compare with.`,
  noOverall:
    'No overall answer: no prompt naming a changed product could be compared like for like.',
  rule: 'A prompt is called significant only when its p-value, adjusted for the number of prompts tested, is below 0.05 and the publish moved the rate overall.',
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
  summary,
  publishes,
  productName,
}: {
  uplift: readonly UpliftFigure[];
  summary: UpliftSummary | null;
  publishes: readonly PublishMark[];
  /** A product's name for its id (the id when the catalogue does not know it). */
  productName(b2cProductId: string): string;
}) {
  const overallId = useId();
  const latest = publishes.at(-1);
  if (!latest) return null;
  const overall = summary?.overall ?? null;
  return (
    <ResultsSection
      slot="monitoring-uplift"
      title={UPLIFT_TEXT.title}
      intro={UPLIFT_TEXT.intro(latest)}
      className="break-inside-avoid"
      introClassName="max-w-3xl"
    >
      {summary && uplift.length > 0 && (
        <p data-slot="uplift-windows" className="max-w-3xl text-sm">
          {summary.ready ? UPLIFT_TEXT.windows(summary) : UPLIFT_TEXT.waiting(summary)}
        </p>
      )}
      {summary?.ready && uplift.length > 0 && (
        <section
          aria-labelledby={overallId}
          data-slot="uplift-overall"
          className="flex max-w-3xl flex-col gap-1 rounded-box border border-base-300 p-4"
        >
          <h3 id={overallId} className="text-base font-semibold">
            {UPLIFT_TEXT.overallTitle}
          </h3>
          {overall ? (
            <>
              <p className="text-sm tabular-nums">{UPLIFT_TEXT.overall(overall)}</p>
              <p>
                <Badge variant={overall.significant ? 'success' : 'outline'}>
                  {overallVerdictLabel(overall)}
                </Badge>
              </p>
            </>
          ) : (
            <p className="text-sm">{UPLIFT_TEXT.noOverall}</p>
          )}
          <p className="text-xs text-base-content/75">{UPLIFT_TEXT.rule}</p>
        </section>
      )}
      {uplift.length === 0 ? (
        <p className="text-sm">{UPLIFT_TEXT.none}</p>
      ) : (
        <FiguresTable
          caption={UPLIFT_TEXT.caption}
          columns={[
            { label: UPLIFT_TEXT.columns.prompt },
            { label: UPLIFT_TEXT.columns.products },
            { label: UPLIFT_TEXT.columns.before },
            { label: UPLIFT_TEXT.columns.after },
            { label: UPLIFT_TEXT.columns.difference },
            { label: UPLIFT_TEXT.columns.verdict },
          ]}
        >
          {uplift.map((figure) => {
            const { test } = figure;
            return (
              <TableRow
                key={figure.promptKey}
                data-prompt={figure.promptKey}
                data-status={figure.status}
              >
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
                <TableCell className="max-w-64 whitespace-normal">
                  <Badge
                    variant={
                      figure.significant
                        ? 'success'
                        : figure.status === 'not-comparable'
                          ? 'warning'
                          : 'outline'
                    }
                    className="h-auto rounded-box text-left whitespace-normal"
                  >
                    {upliftVerdictLabel(figure, overall)}
                  </Badge>
                </TableCell>
              </TableRow>
            );
          })}
        </FiguresTable>
      )}
    </ResultsSection>
  );
}
