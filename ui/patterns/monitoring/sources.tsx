/**
 * The sources the engines cite, as each reports them (ADR 0047): per engine how it was asked and the
 * brand's share of its citations, the domains cited most, the brand's storefront pages cited (linked to
 * the product they show in Beacon, when they show one), and the other sites' pages that win the
 * citations the brand does not, each with what can act on it. Titles and URLs come from the engines:
 * untrusted text, shown as text, and a page is a link only when it is a web address.
 */
import { type ReactNode, useId } from 'react';
import type { AiEngine } from '~/domain/ai/models';
import {
  ASK_MODE_LABELS,
  type CitedDomainKind,
  type CitedPage,
  type MonitoringSources,
  type SourcesFigures,
} from '~/domain/monitoring/sources';
import { TableCell, TableRow } from '~/ui/components/table';
import { byEngine, engineName, formatCount, formatPercent, isWebUrl } from './format';
import { FiguresTable } from './results-parts';

export const SOURCES_TEXT = {
  title: 'Sources the engines cite',
  intro:
    'The pages each engine’s web search cited in the latest run’s answers, as the engine reports them.',
  brandShare: (share: string, brand: number, all: number, searched: number) =>
    `The brand’s share of citations: ${share} (${formatCount(brand)} of ${formatCount(all)} citations, in ${formatCount(searched)} answers searched).`,
  noneSearched:
    'No engine searched the web in the latest run: every engine was asked without web search, so no engine reported sources.',
  enginesCaption: 'How each engine was asked, and the brand’s share of its citations',
  engine: 'Engine',
  askedAs: 'Asked',
  searched: 'Answers searched',
  share: 'Brand’s share',
  domainsCaption: 'Domains cited most',
  domain: 'Domain',
  kind: 'Whose',
  citations: 'Citations',
  ofCitations: 'Of all citations',
  kinds: { brand: 'Your brand', competitor: 'Competitor', other: 'Other site' } satisfies Record<
    CitedDomainKind,
    string
  >,
  brandPagesCaption: 'Your storefront’s pages cited',
  brandPagesNone: 'No engine cited a page of the brand’s domain.',
  page: 'Page',
  inBeacon: 'In Beacon',
  otherPagesCaption: 'Pages that win the citations the brand does not',
  otherPagesNone: 'No other site’s page was cited.',
  act: 'What can act on it',
  improve: 'Improve the copy with the AEO Specialist',
} as const;

export interface SourcesPanelProps {
  data: MonitoringSources;
  /** The engine the results are narrowed to, if any. */
  engine: AiEngine | null;
  /** A storefront page's product in Beacon (by the id its URL ends with), linked; null when none. */
  renderProductLink(url: string): ReactNode;
  /** A link to the AEO Specialist, which writes answer-style copy for the brand's products. */
  renderAgentLink(children: ReactNode): ReactNode;
}

const kindOf = (kind: CitedDomainKind, name: string | null) =>
  kind === 'competitor' && name
    ? `${SOURCES_TEXT.kinds.competitor}: ${name}`
    : SOURCES_TEXT.kinds[kind];

export function SourcesPanel({
  data,
  engine,
  renderProductLink,
  renderAgentLink,
}: SourcesPanelProps) {
  const titleId = useId();
  const figures: SourcesFigures | null = data.overall ?? data.engines[0] ?? null;
  const engines = byEngine(data.engines, (e) => e.engine);
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-sources"
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {SOURCES_TEXT.title}
        </h2>
        <p className="text-sm text-base-content/75">{SOURCES_TEXT.intro}</p>
      </div>
      {!figures || figures.searched === 0 ? (
        <p className="text-sm">{SOURCES_TEXT.noneSearched}</p>
      ) : (
        <>
          <p className="text-sm" data-slot="brand-share">
            {SOURCES_TEXT.brandShare(
              formatPercent(figures.brandShare),
              figures.brandCitations,
              figures.citations,
              figures.searched,
            )}
          </p>
          {engine === null ? (
            <FiguresTable
              caption={SOURCES_TEXT.enginesCaption}
              columns={[
                { label: SOURCES_TEXT.engine },
                { label: SOURCES_TEXT.askedAs },
                { label: SOURCES_TEXT.searched, numeric: true },
                { label: SOURCES_TEXT.share, numeric: true },
              ]}
            >
              {engines.map((e) => (
                <TableRow key={e.engine}>
                  <TableCell className="font-medium">{engineName(e.engine)}</TableCell>
                  <TableCell>{ASK_MODE_LABELS[e.mode]}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCount(e.searched)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatPercent(e.brandShare)}
                  </TableCell>
                </TableRow>
              ))}
            </FiguresTable>
          ) : null}
          <h3 className="text-sm font-semibold" aria-hidden>
            {SOURCES_TEXT.domainsCaption}
          </h3>
          <FiguresTable
            caption={SOURCES_TEXT.domainsCaption}
            columns={[
              { label: SOURCES_TEXT.domain },
              { label: SOURCES_TEXT.kind },
              { label: SOURCES_TEXT.citations, numeric: true },
              { label: SOURCES_TEXT.ofCitations, numeric: true },
            ]}
          >
            {figures.domains.map((d) => (
              <TableRow key={d.domain} data-kind={d.kind}>
                <TableCell className="font-medium break-all">{d.domain}</TableCell>
                <TableCell>{kindOf(d.kind, d.name)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(d.citations)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatPercent(d.share)}</TableCell>
              </TableRow>
            ))}
          </FiguresTable>
          <PagesTable
            caption={SOURCES_TEXT.brandPagesCaption}
            none={SOURCES_TEXT.brandPagesNone}
            pages={figures.brandPages}
            action={{ head: SOURCES_TEXT.inBeacon, render: (page) => renderProductLink(page.url) }}
          />
          <PagesTable
            caption={SOURCES_TEXT.otherPagesCaption}
            none={SOURCES_TEXT.otherPagesNone}
            pages={figures.otherPages}
            action={{
              head: SOURCES_TEXT.act,
              render: () => renderAgentLink(SOURCES_TEXT.improve),
            }}
          />
        </>
      )}
    </section>
  );
}

function PagesTable({
  caption,
  none,
  pages,
  action,
}: {
  caption: string;
  none: string;
  pages: readonly CitedPage[];
  action: { head: string; render(page: CitedPage): ReactNode };
}) {
  if (pages.length === 0) {
    return (
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">{caption}</h3>
        <p className="text-sm">{none}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold" aria-hidden>
        {caption}
      </h3>
      <FiguresTable
        caption={caption}
        columns={[
          { label: SOURCES_TEXT.page },
          { label: SOURCES_TEXT.kind },
          { label: SOURCES_TEXT.citations, numeric: true },
          { label: action.head },
        ]}
      >
        {pages.map((page) => (
          <TableRow key={page.url}>
            <TableCell className="break-all">
              {isWebUrl(page.url) ? (
                <a
                  href={page.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {page.title ?? page.url}
                </a>
              ) : (
                <span>{page.title ?? page.url}</span>
              )}
              <span className="block text-xs text-base-content/75">{page.domain}</span>
            </TableCell>
            <TableCell>{SOURCES_TEXT.kinds[page.kind]}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(page.citations)}</TableCell>
            <TableCell>{action.render(page)}</TableCell>
          </TableRow>
        ))}
      </FiguresTable>
    </div>
  );
}
