/** The monitored prompts' figures in the latest finished run; each prompt opens its answers. */
import { type ReactNode } from 'react';
import { marketName } from '~/domain/monitoring/markets';
import type { PromptFigures } from '~/domain/monitoring/runs';
import { TableCell, TableHead, TableRow } from '~/ui/components/table';
import { RateCell } from './rate';
import { FiguresTable, ResultsSection } from './results-parts';

export const PROMPT_TABLE_TEXT = {
  title: 'Prompts',
  intro: 'Each prompt’s figures in the latest run. Open a prompt to read its answers.',
  caption: 'Mention and citation rate per prompt, with 95% intervals',
  columns: {
    prompt: 'Prompt',
    market: 'Market',
    mentionRate: 'Mention rate (95% interval)',
    citationRate: 'Citation rate (95% interval)',
  },
} as const;

export function PromptTable({
  prompts,
  renderPromptLink,
  showMarkets = false,
}: {
  prompts: readonly PromptFigures[];
  /** The results pool several markets: a column says each prompt's. */
  showMarkets?: boolean;
  /** Wraps a prompt's text in a link that opens its answers. */
  renderPromptLink(promptKey: string, children: ReactNode): ReactNode;
}) {
  return (
    <ResultsSection
      slot="monitoring-prompts"
      title={PROMPT_TABLE_TEXT.title}
      intro={PROMPT_TABLE_TEXT.intro}
      introClassName="print:hidden"
    >
      <FiguresTable
        caption={PROMPT_TABLE_TEXT.caption}
        columns={[
          { label: PROMPT_TABLE_TEXT.columns.prompt },
          ...(showMarkets ? [{ label: PROMPT_TABLE_TEXT.columns.market }] : []),
          { label: PROMPT_TABLE_TEXT.columns.mentionRate },
          { label: PROMPT_TABLE_TEXT.columns.citationRate },
        ]}
      >
        {prompts.map((prompt) => (
          <TableRow key={prompt.key} data-prompt={prompt.key} className="break-inside-avoid">
            <TableHead
              scope="row"
              lang={prompt.market ?? undefined}
              className="max-w-xl font-normal whitespace-normal"
            >
              {renderPromptLink(prompt.key, prompt.text)}
            </TableHead>
            {showMarkets ? (
              <TableCell className="whitespace-nowrap">
                {prompt.market ? marketName(prompt.market) : null}
              </TableCell>
            ) : null}
            <TableCell>
              <RateCell rate={prompt.mentionRate} />
            </TableCell>
            <TableCell>
              <RateCell rate={prompt.citationRate} />
            </TableCell>
          </TableRow>
        ))}
      </FiguresTable>
    </ResultsSection>
  );
}
