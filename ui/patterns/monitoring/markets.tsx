/**
 * Markets on the results (docs/product.md#markets): the filter that narrows every figure to one
 * market (a link per market, so a narrowed view has its own URL), what the pooled view pools with
 * each market's own figures, and, narrowed, how that market's prompts were asked.
 */
import type { ReactNode } from 'react';
import { countryOfMarket, MARKET_MESSAGES, marketName } from '~/domain/monitoring/markets';
import type { MarketFigures } from '~/domain/monitoring/runs';
import { sentimentLexiconOf } from '~/domain/monitoring/sentiment-cues';
import { TableCell, TableHead, TableRow } from '~/ui/components/table';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';
import { Callout } from '~/ui/components/callout';
import { RateCell } from './rate';
import { FiguresTable, ResultsSection } from './results-parts';

const regionNames = new Intl.DisplayNames(['en-US'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en-US'], { type: 'language' });

/** "French", "France": a market's language and country as people name them. */
export const languageName = (market: string) => languageNames.of(market.split('-')[0]!) ?? market;
export const countryName = (market: string) =>
  regionNames.of(countryOfMarket(market)) ?? countryOfMarket(market);

/** A market on screen: "French (France)"; prompts from before markets are "No market". */
export const marketLabel = (market: string | null) =>
  market === null ? MARKETS_TEXT.noMarket : marketName(market);

const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

export const MARKETS_TEXT = {
  filter: 'Market',
  all: 'All markets',
  noMarket: 'No market',
  title: 'Markets',
  pooled: (markets: readonly (string | null)[]) =>
    `These figures pool ${markets.length} markets: ${list.format(markets.map(marketLabel))}. Choose a market to see its own figures, trend and effect of published changes.`,
  caption: 'Mention and citation rate per market in the latest run, with 95% intervals',
  columns: {
    market: 'Market',
    prompts: 'Prompts',
    mentionRate: 'Mention rate (95% interval)',
    citationRate: 'Citation rate (95% interval)',
  },
  narrowed: (market: string) =>
    `${marketName(market)}: prompts written in ${languageName(market)}, asked with web search from ${countryName(market)}, and read with the catalogue’s ${market} names.`,
  notInRun: MARKET_MESSAGES.notInRun,
  sentimentNotMeasured: (market: string) =>
    `Sentiment is not measured in ${languageName(market)}: Beacon has no sentiment cues for it, so it is left out rather than guessed.`,
} as const;

/** Whether Beacon reads sentiment in a market's language. */
export const sentimentMeasuredIn = (market: string) => sentimentLexiconOf(market) !== null;

/**
 * All markets, then each market the latest run asked: links, so a narrowed view has its own URL.
 * `renderLink` wraps each label in the router's link to that market (null: every market).
 */
export function MarketFilter({
  markets,
  value,
  renderLink,
}: {
  markets: readonly (string | null)[];
  value: string | null;
  renderLink(market: string | null, children: ReactNode): ReactNode;
}) {
  const chosen = markets.filter((m): m is string => m !== null);
  return (
    <TabNav aria-label={MARKETS_TEXT.filter} className="print:hidden">
      <TabNavList>
        {[null, ...chosen].map((market) => (
          <TabNavLink key={market ?? 'all'} active={value === market} asChild>
            {renderLink(market, market === null ? MARKETS_TEXT.all : marketLabel(market))}
          </TabNavLink>
        ))}
      </TabNavList>
    </TabNav>
  );
}

/** The pooled view's markets: what it pools, and each market's figures (a market opens its view). */
export function MarketsPanel({
  markets,
  renderMarketLink,
}: {
  markets: readonly MarketFigures[];
  renderMarketLink(market: string, children: ReactNode): ReactNode;
}) {
  const unmeasured = markets.flatMap((m) =>
    m.market !== null && !sentimentMeasuredIn(m.market) ? [m.market] : [],
  );
  return (
    <ResultsSection
      slot="monitoring-markets"
      title={MARKETS_TEXT.title}
      intro={MARKETS_TEXT.pooled(markets.map((m) => m.market))}
    >
      <FiguresTable
        caption={MARKETS_TEXT.caption}
        columns={[
          { label: MARKETS_TEXT.columns.market },
          { label: MARKETS_TEXT.columns.prompts, numeric: true },
          { label: MARKETS_TEXT.columns.mentionRate },
          { label: MARKETS_TEXT.columns.citationRate },
        ]}
      >
        {markets.map((m) => (
          <TableRow key={m.market ?? 'none'} data-market={m.market ?? ''}>
            <TableHead scope="row" className="font-normal">
              {m.market === null
                ? MARKETS_TEXT.noMarket
                : renderMarketLink(m.market, marketLabel(m.market))}
            </TableHead>
            <TableCell className="text-right tabular-nums">{m.prompts}</TableCell>
            <TableCell>
              <RateCell rate={m.mentionRate} />
            </TableCell>
            <TableCell>
              <RateCell rate={m.citationRate} />
            </TableCell>
          </TableRow>
        ))}
      </FiguresTable>
      {unmeasured.map((market) => (
        <p key={market} className="text-sm text-base-content/75">
          {MARKETS_TEXT.sentimentNotMeasured(market)}
        </p>
      ))}
    </ResultsSection>
  );
}

/** Narrowed to one market: how its prompts were asked, or that no run asked it. */
export function MarketNote({ market, asked }: { market: string; asked: boolean }) {
  if (!asked) {
    return <Callout variant="info" title={MARKETS_TEXT.notInRun} />;
  }
  return (
    <div data-slot="monitoring-market" className="flex flex-col gap-1 text-sm">
      <p>{MARKETS_TEXT.narrowed(market)}</p>
      {sentimentMeasuredIn(market) ? null : (
        <p className="text-base-content/75">{MARKETS_TEXT.sentimentNotMeasured(market)}</p>
      )}
    </div>
  );
}
