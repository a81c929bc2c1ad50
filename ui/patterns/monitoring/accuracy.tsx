/**
 * Answers checked against the catalogue (docs/product.md#accuracy): the share of answers that got a
 * product's price or availability wrong, per engine with its 95% interval, the products the answers
 * made claims about, and each wrong claim with the sentence it is in, a way to read the whole answer
 * and one action: have the AEO Specialist rework that product's copy. Answers are untrusted text,
 * shown as text.
 */
import type { ReactNode } from 'react';
import type { AiEngine } from '~/domain/ai/models';
import type { AccuracyMismatch, AccuracyResults, ClaimKind } from '~/domain/monitoring/accuracy';
import { TableCell, TableRow } from '~/ui/components/table';
import { byEngine, engineName, formatCount, formatRate } from './format';
import { marketName } from '~/domain/monitoring/markets';
import { FiguresTable, ResultsSection } from './results-parts';

export const ACCURACY_TEXT = {
  title: 'Answers checked against the catalogue',
  intro:
    'What the latest run’s answers claimed about your products, their price and whether they are still sold, checked against the catalogue copy. A claim is checked only where the answer is unambiguous: one product in the sentence, one price, in the catalogue’s currency.',
  rate: (rate: string, wrong: number, checked: number) =>
    `Inaccurate answers: ${rate}, ${formatCount(wrong)} of ${formatCount(checked)} answers that made a claim Beacon could check.`,
  noClaims:
    'No answer in the latest run made a claim about a catalogue product that Beacon could check.',
  noPrices:
    'The catalogue copy holds no prices (no storefront site is assigned to a catalog), so prices are not checked; availability is.',
  enginesCaption: 'Inaccurate answers per engine',
  engine: 'Engine',
  checked: 'Answers checked',
  inaccurate: 'Inaccurate (95% interval)',
  productsCaption: 'Products the answers made claims about',
  product: 'Product',
  claims: 'Claims',
  wrong: 'Wrong',
  mismatchesCaption: 'Wrong claims',
  said: 'The answer said',
  catalogue: 'The catalogue holds',
  answer: 'In the answer',
  readAnswer: 'Read the answer',
  kinds: { price: 'Price', availability: 'Availability' } satisfies Record<ClaimKind, string>,
  catalogueValue: (kind: ClaimKind, value: string) =>
    kind === 'availability' ? (value === 'online' ? 'Online, for sale' : 'Offline') : value,
  more: (shown: number, total: number) =>
    `The first ${formatCount(shown)} of ${formatCount(total)} wrong claims are listed.`,
} as const;

export interface AccuracyPanelProps {
  data: AccuracyResults;
  /** The engine the results are narrowed to, if any. */
  engine: AiEngine | null;
  /** The results pool several markets: each wrong claim names its market. */
  showMarkets?: boolean;
  /** The product in Beacon, linked. */
  renderProductLink(productId: string, children: ReactNode): ReactNode;
  /** Opens the prompt's answers (the sample the claim is in). */
  renderAnswerLink(mismatch: AccuracyMismatch, children: ReactNode): ReactNode;
  /** The action on a wrong claim: the AEO Specialist on that product. */
  renderAction(mismatch: AccuracyMismatch): ReactNode;
}

export function AccuracyPanel({
  data,
  engine,
  showMarkets = false,
  renderProductLink,
  renderAnswerLink,
  renderAction,
}: AccuracyPanelProps) {
  const rate = data.overall ?? data.engines[0]?.inaccurate ?? null;
  const engines = byEngine(data.engines, (e) => e.engine);
  const productLabel = (id: string, name: string | null) =>
    renderProductLink(id, name ? `${name} (${id})` : id);
  return (
    <ResultsSection
      slot="monitoring-accuracy"
      title={ACCURACY_TEXT.title}
      intro={ACCURACY_TEXT.intro}
      className="gap-4"
    >
      {data.priceSiteId === null ? (
        <p className="text-sm text-base-content/75">{ACCURACY_TEXT.noPrices}</p>
      ) : null}
      {!rate || rate.n === 0 ? (
        <p className="text-sm">{ACCURACY_TEXT.noClaims}</p>
      ) : (
        <>
          <p className="text-sm" data-slot="inaccurate-rate">
            {ACCURACY_TEXT.rate(formatRate(rate), rate.successes, rate.n)}
          </p>
          {engine === null ? (
            <FiguresTable
              caption={ACCURACY_TEXT.enginesCaption}
              columns={[
                { label: ACCURACY_TEXT.engine },
                { label: ACCURACY_TEXT.checked, numeric: true },
                { label: ACCURACY_TEXT.inaccurate, numeric: true },
              ]}
            >
              {engines.map((e) => (
                <TableRow key={e.engine}>
                  <TableCell className="font-medium">{engineName(e.engine)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCount(e.inaccurate.n)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatRate(e.inaccurate)}
                  </TableCell>
                </TableRow>
              ))}
            </FiguresTable>
          ) : null}
          <h3 className="text-sm font-semibold" aria-hidden>
            {ACCURACY_TEXT.mismatchesCaption}
          </h3>
          {data.mismatches.length > 0 ? (
            <FiguresTable
              caption={ACCURACY_TEXT.mismatchesCaption}
              columns={[
                { label: ACCURACY_TEXT.product },
                { label: ACCURACY_TEXT.said },
                { label: ACCURACY_TEXT.catalogue },
                { label: ACCURACY_TEXT.answer },
              ]}
            >
              {data.mismatches.map((m) => (
                <TableRow
                  key={`${m.engine}:${m.promptKey}:${m.idx}:${m.productId}:${m.kind}:${m.said}`}
                  data-kind={m.kind}
                  data-market={m.market ?? undefined}
                >
                  <TableCell className="min-w-40 whitespace-normal">
                    {renderProductLink(m.productId, m.productName ?? m.productId)}
                    <span className="block text-xs text-base-content/75">{m.productId}</span>
                  </TableCell>
                  <TableCell>
                    <span className="block text-xs text-base-content/75">
                      {ACCURACY_TEXT.kinds[m.kind]}
                    </span>
                    <span className="font-medium">{m.said}</span>
                  </TableCell>
                  <TableCell>{ACCURACY_TEXT.catalogueValue(m.kind, m.catalogue)}</TableCell>
                  <TableCell className="max-w-md min-w-64 whitespace-normal">
                    <blockquote className="text-sm break-words">{m.excerpt}</blockquote>
                    <span className="block text-xs text-base-content/75">
                      {engineName(m.engine)}
                      {showMarkets && m.market ? ` · ${marketName(m.market)}` : null} ·{' '}
                      {renderAnswerLink(m, ACCURACY_TEXT.readAnswer)}
                    </span>
                    <div className="mt-2">{renderAction(m)}</div>
                  </TableCell>
                </TableRow>
              ))}
            </FiguresTable>
          ) : null}
          {data.mismatchesTotal > data.mismatches.length ? (
            <p className="text-sm text-base-content/75">
              {ACCURACY_TEXT.more(data.mismatches.length, data.mismatchesTotal)}
            </p>
          ) : null}
          <h3 className="text-sm font-semibold" aria-hidden>
            {ACCURACY_TEXT.productsCaption}
          </h3>
          <FiguresTable
            caption={ACCURACY_TEXT.productsCaption}
            columns={[
              { label: ACCURACY_TEXT.product },
              { label: ACCURACY_TEXT.claims, numeric: true },
              { label: ACCURACY_TEXT.wrong, numeric: true },
            ]}
          >
            {data.products.map((p) => (
              <TableRow key={p.b2cProductId}>
                <TableCell>{productLabel(p.b2cProductId, p.name)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(p.checked)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(p.mismatched)}
                </TableCell>
              </TableRow>
            ))}
          </FiguresTable>
        </>
      )}
    </ResultsSection>
  );
}
