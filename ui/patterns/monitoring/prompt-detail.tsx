/**
 * One prompt's answers in a run, per engine: how the engine was asked (with its web search or from
 * memory), and for each answer whether the brand was mentioned and cited, its position, the
 * competitors and products named, the sources the engine's search reported (cited or only found), the
 * URLs written in the answer's text, the sentiment, and the answer. Answers, titles and URLs are
 * untrusted text from the engines: shown as text (never as markup), and a URL is a link only when it
 * is a web address.
 */
import { type ReactNode, useId } from 'react';
import type { AiEngine } from '~/domain/ai/models';
import type { PromptSamples, SampleView } from '~/domain/monitoring/runs';
import type { AnswerSearch } from '~/domain/monitoring/sources';
import { Badge } from '~/ui/components/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/ui/components/dialog';
import { Skeleton } from '~/ui/components/skeleton';
import { cn } from '~/ui/lib/cn';
import { ENGINE_FIGURES_TEXT } from './engine-figures';
import { askedAsText, byEngine, engineName, formatCount, formatDateTime, isWebUrl } from './format';

export const PROMPT_DETAIL_TEXT = {
  title: 'Answers to this prompt',
  fallbackDescription: 'The prompt’s answers in the latest run, per engine.',
  run: (at: string) => `Answers of the run finished ${at}`,
  engineSummary: (mentioned: number, cited: number, answered: number) =>
    `Brand named in ${formatCount(mentioned)} of ${formatCount(answered)} answers, cited in ${formatCount(cited)}`,
  answer: (idx: number) => `Answer ${idx + 1}`,
  failed: (error: string) => `Failed: ${error}`,
  queued: 'Not answered yet.',
  mentioned: 'Mentioned',
  cited: 'Cited',
  position: 'Position',
  competitors: 'Competitors named',
  products: 'Products named',
  urls: 'URLs in the answer’s text',
  sources: 'Sources the engine reported',
  searchedFor: (queries: string) => `Searched for: ${queries}`,
  sourceCited: 'Cited',
  found: 'Found, not cited',
  viaRedirect: (domain: string) => `${domain} (through the engine’s link)`,
  noSources: 'The search reported no sources.',
  sentiment: 'Sentiment',
  answerText: 'Answer',
  yes: 'Yes',
  no: 'No',
  none: 'None',
  noSamples: 'No answers for this prompt in this run.',
  loadFailed: 'The answers could not be loaded',
} as const;

export function PromptDetailDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** The prompt's text. */
  description: string | null;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription className="whitespace-pre-wrap">{description}</DialogDescription>
          ) : (
            <DialogDescription>{PROMPT_DETAIL_TEXT.fallbackDescription}</DialogDescription>
          )}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The run's answers grouped per engine (only `engine`'s when the results are narrowed to one). */
export function PromptSamplesList({
  data,
  engine,
}: {
  data: PromptSamples;
  engine: AiEngine | null;
}) {
  const samples = data.samples.filter((s) => engine === null || s.engine === engine);
  const engines = byEngine([...new Set(samples.map((s) => s.engine))], (e) => e);
  const finished = data.run.finishedAt;
  return (
    <div className="flex flex-col gap-6">
      {finished ? (
        <p className="text-sm text-base-content/75">
          {PROMPT_DETAIL_TEXT.run(formatDateTime(finished))}
        </p>
      ) : null}
      {engines.length === 0 ? <p className="text-sm">{PROMPT_DETAIL_TEXT.noSamples}</p> : null}
      {engines.map((e) => (
        <EngineSamples key={e} engine={e} samples={samples.filter((s) => s.engine === e)} />
      ))}
    </div>
  );
}

function EngineSamples({ engine, samples }: { engine: AiEngine; samples: SampleView[] }) {
  const titleId = useId();
  const answered = samples.filter((s) => s.status === 'done');
  const asked = answered.find((s) => s.mode !== null && s.model !== null);
  const askedAs =
    asked?.mode && asked.model ? askedAsText({ mode: asked.mode, model: asked.model }) : null;
  return (
    <section aria-labelledby={titleId} data-engine={engine} className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h3 id={titleId} className="text-base font-semibold">
          {engineName(engine)}
        </h3>
        {askedAs ? (
          <p className="text-sm text-base-content/75" data-slot="asked-as">
            {askedAs}
          </p>
        ) : null}
        <p className="text-sm text-base-content/75">
          {PROMPT_DETAIL_TEXT.engineSummary(
            answered.filter((s) => s.brandMentioned).length,
            answered.filter((s) => s.brandCited).length,
            answered.length,
          )}
        </p>
      </div>
      <ol className="flex flex-col gap-3">
        {samples.map((sample) => (
          <Sample key={sample.idx} sample={sample} />
        ))}
      </ol>
    </section>
  );
}

const yesNo = (value: boolean | null) =>
  value === null ? '—' : value ? PROMPT_DETAIL_TEXT.yes : PROMPT_DETAIL_TEXT.no;

function Sample({ sample }: { sample: SampleView }) {
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-sample={`${sample.engine}-${sample.idx}`}
        className={cn(
          'flex flex-col gap-3 rounded-box border p-4',
          sample.status === 'failed' ? 'border-error/50 bg-error/5' : 'border-base-300',
        )}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h4 id={titleId} className="text-sm font-semibold">
            {PROMPT_DETAIL_TEXT.answer(sample.idx)}
          </h4>
          {sample.model ? (
            <span className="font-mono text-xs text-base-content/75">{sample.model}</span>
          ) : null}
        </div>
        {sample.status === 'failed' ? (
          <p className="text-sm">{PROMPT_DETAIL_TEXT.failed(sample.error ?? '—')}</p>
        ) : sample.status === 'queued' ? (
          <p className="text-sm">{PROMPT_DETAIL_TEXT.queued}</p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
              <Fact label={PROMPT_DETAIL_TEXT.mentioned}>{yesNo(sample.brandMentioned)}</Fact>
              <Fact label={PROMPT_DETAIL_TEXT.cited}>{yesNo(sample.brandCited)}</Fact>
              <Fact label={PROMPT_DETAIL_TEXT.position}>
                {sample.position === null ? '—' : String(sample.position)}
              </Fact>
              <Fact label={PROMPT_DETAIL_TEXT.sentiment}>
                {sample.sentiment ? ENGINE_FIGURES_TEXT.sentiments[sample.sentiment] : '—'}
              </Fact>
              <Fact label={PROMPT_DETAIL_TEXT.competitors} wide>
                {sample.competitors.length > 0
                  ? sample.competitors.join(', ')
                  : PROMPT_DETAIL_TEXT.none}
              </Fact>
              <Fact label={PROMPT_DETAIL_TEXT.products} wide>
                {sample.products.length > 0
                  ? sample.products.map((p) => p.name ?? p.b2cProductId).join(', ')
                  : PROMPT_DETAIL_TEXT.none}
              </Fact>
              <Fact label={PROMPT_DETAIL_TEXT.urls} wide>
                {sample.urls.length > 0 ? (
                  <CitedUrls urls={sample.urls} />
                ) : (
                  PROMPT_DETAIL_TEXT.none
                )}
              </Fact>
            </dl>
            {sample.search ? <Sources search={sample.search} /> : null}
            <div className="flex flex-col gap-1">
              <span className="text-xs text-base-content/75">{PROMPT_DETAIL_TEXT.answerText}</span>
              {/* Text, never markup: whatever the engine wrote shows as written. */}
              <p
                data-slot="sample-answer"
                className="rounded-field bg-base-200 p-3 text-sm break-words whitespace-pre-wrap"
              >
                {sample.answer ?? '—'}
              </p>
            </div>
          </>
        )}
      </article>
    </li>
  );
}

function Fact({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-0.5', wide && 'col-span-2')}>
      <dt className="text-xs text-base-content/75">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** What the engine's search reported: its queries, then each page, cited ones first. */
function Sources({ search }: { search: AnswerSearch }) {
  const titleId = useId();
  const sources = [...search.sources].sort((a, b) => Number(b.cited) - Number(a.cited));
  return (
    <section aria-labelledby={titleId} data-slot="sample-sources" className="flex flex-col gap-1">
      <h5 id={titleId} className="text-xs text-base-content/75">
        {PROMPT_DETAIL_TEXT.sources}
      </h5>
      {search.queries.length > 0 ? (
        <p className="text-xs text-base-content/75">
          {PROMPT_DETAIL_TEXT.searchedFor(search.queries.join('; '))}
        </p>
      ) : null}
      {sources.length === 0 ? (
        <p className="text-sm">{PROMPT_DETAIL_TEXT.noSources}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {sources.map((source) => {
            const domain = source.redirect
              ? PROMPT_DETAIL_TEXT.viaRedirect(source.domain)
              : source.domain;
            const label = source.title ?? domain;
            return (
              <li
                key={source.url}
                data-cited={source.cited || undefined}
                className="flex flex-wrap items-baseline gap-x-2 break-all"
              >
                <Badge variant={source.cited ? 'primary' : 'outline'}>
                  {source.cited ? PROMPT_DETAIL_TEXT.sourceCited : PROMPT_DETAIL_TEXT.found}
                </Badge>
                {isWebUrl(source.url) ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {label}
                  </a>
                ) : (
                  <span>{label}</span>
                )}
                {source.title ? (
                  <span className="text-xs text-base-content/75">{domain}</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CitedUrls({ urls }: { urls: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {urls.map((url) => (
        <li key={url} className="break-all">
          {isWebUrl(url) ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary underline-offset-4 hover:underline"
            >
              {url}
            </a>
          ) : (
            <span>{url}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function PromptDetailSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
