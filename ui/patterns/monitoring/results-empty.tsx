/** Before the first run: what monitoring measures, and the way to its configuration. */
import { ChartLineIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

export const RESULTS_EMPTY_TEXT = {
  title: 'No monitoring run yet',
  description:
    'Monitoring asks ChatGPT, Claude and Gemini your shoppers’ questions, several times each, and reads every answer. It measures:',
  measures: [
    'Mention rate: the share of answers that name your brand.',
    'Citation rate: the share of answers that cite your domain as a source.',
    'Share of voice: your brand’s share of all brand mentions, against your competitors.',
    'Position: where your brand comes among the brands an answer names.',
  ],
  intervals:
    'Each prompt is sampled repeatedly because an assistant answers the same question differently each time, so every rate comes with its 95% interval and the number of answers behind it.',
  configure: 'Open configuration',
  configureHint: 'Choose the prompts, engines and competitors, then run it.',
} as const;

export function ResultsEmpty({ configureLink }: { configureLink: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-empty"
      className="flex max-w-3xl flex-col gap-4 rounded-box border border-dashed border-base-300 p-8"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-10 items-center justify-center rounded-full bg-base-200 text-base-content/75 [&_svg]:size-5"
        >
          <ChartLineIcon />
        </span>
        <h2 id={titleId} className="font-display text-lg font-semibold">
          {RESULTS_EMPTY_TEXT.title}
        </h2>
      </div>
      <p className="text-sm">{RESULTS_EMPTY_TEXT.description}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {RESULTS_EMPTY_TEXT.measures.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-sm">{RESULTS_EMPTY_TEXT.intervals}</p>
      <p className="text-sm text-base-content/75">{RESULTS_EMPTY_TEXT.configureHint}</p>
      <div>{configureLink}</div>
    </section>
  );
}
