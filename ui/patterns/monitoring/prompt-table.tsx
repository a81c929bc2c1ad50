/** The monitored prompts' figures in the latest finished run; each prompt opens its answers. */
import { type ReactNode, useId } from 'react';
import type { PromptFigures } from '~/domain/monitoring/runs';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { RateCell } from './rate';

export const PROMPT_TABLE_TEXT = {
  title: 'Prompts',
  intro: 'Each prompt’s figures in the latest run. Open a prompt to read its answers.',
  caption: 'Mention and citation rate per prompt, with 95% intervals',
  columns: {
    prompt: 'Prompt',
    mentionRate: 'Mention rate (95% interval)',
    citationRate: 'Citation rate (95% interval)',
  },
} as const;

export function PromptTable({
  prompts,
  renderPromptLink,
}: {
  prompts: readonly PromptFigures[];
  /** Wraps a prompt's text in a link that opens its answers. */
  renderPromptLink(promptKey: string, children: ReactNode): ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-prompts"
      className="flex flex-col gap-3"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {PROMPT_TABLE_TEXT.title}
      </h2>
      <p className="text-sm text-base-content/75 print:hidden">{PROMPT_TABLE_TEXT.intro}</p>
      <Table>
        <TableCaption className="sr-only">{PROMPT_TABLE_TEXT.caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{PROMPT_TABLE_TEXT.columns.prompt}</TableHead>
            <TableHead scope="col">{PROMPT_TABLE_TEXT.columns.mentionRate}</TableHead>
            <TableHead scope="col">{PROMPT_TABLE_TEXT.columns.citationRate}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {prompts.map((prompt) => (
            <TableRow key={prompt.key} data-prompt={prompt.key} className="break-inside-avoid">
              <TableHead scope="row" className="max-w-xl font-normal whitespace-normal">
                {renderPromptLink(prompt.key, prompt.text)}
              </TableHead>
              <TableCell>
                <RateCell rate={prompt.mentionRate} />
              </TableCell>
              <TableCell>
                <RateCell rate={prompt.citationRate} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
