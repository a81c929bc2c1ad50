/**
 * The analyst screen's parts: the conversation (questions, answers with the steps the analyst took and
 * their links), the question box, the suggested questions of an empty conversation. Presentational:
 * the answer's text is rendered by the caller (the Markdown renderer loads lazily) and app links are
 * the caller's router links.
 */
import { BotIcon, SquareIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import {
  ANALYST_MESSAGES,
  ANALYST_QUESTION_MAX,
  type AnalystAnswer,
  type AnalystMessage,
  type AnalystStep,
} from '~/domain/analyst/conversation';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { EmptyState } from '~/ui/components/empty-state';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Skeleton } from '~/ui/components/skeleton';
import { Spinner } from '~/ui/components/spinner';
import { Textarea } from '~/ui/components/textarea';
import { analystLinkKind } from './links';

export const ANALYST_TEXT = {
  title: 'Analyst',
  description: 'Ask questions about your catalogue, content quality and AI visibility.',
  conversation: 'Conversation',
  questionLabel: 'Your question',
  questionPlaceholder: 'Ask about AI visibility, translations, proposals or agent runs…',
  questionHint: 'Enter sends, Shift+Enter starts a new line.',
  ask: 'Ask',
  emptyTitle: "Ask about this environment's data",
  emptyDescription:
    'The analyst looks the figures up in Beacon, shows what it looked up and links to where they come from.',
  suggestions: 'Suggested questions',
  you: 'You',
  analyst: 'Analyst',
  steps: 'What it looked up',
  writing: 'Writing the answer…',
  stop: 'Stop',
  stopped: 'Stopped. The answer so far is kept.',
  failedTitle: 'The analyst could not answer',
  retry: 'Retry',
  askFailed: 'Could not ask the question',
  retryFailed: 'Could not retry the question',
  loadFailedTitle: 'Could not load the conversation',
  clear: 'Clear conversation',
  clearTitle: 'Clear this conversation?',
  clearDescription:
    'Every question and answer you have in this environment is deleted. This cannot be undone.',
  clearFailed: 'Could not clear the conversation',
  tooLong: ANALYST_MESSAGES.questionTooLong,
  required: ANALYST_MESSAGES.questionRequired,
  count: (length: number) => `${length} / ${ANALYST_QUESTION_MAX}`,
} as const;

/** What each tool looked up, as a step names it. */
export const ANALYST_TOOL_LABELS: Record<string, string> = {
  monitoringResults: 'AI visibility results',
  untranslatedProducts: 'Untranslated products',
  proposals: 'Agent proposals',
  agentRuns: 'Agent runs',
  monitoringSources: 'AI visibility sources',
};

export type RenderAppLink = (href: string, children: ReactNode) => ReactNode;

/** The refusal a question gets before it is sent; null when it may be asked. */
export function questionProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return ANALYST_TEXT.required;
  if (trimmed.length > ANALYST_QUESTION_MAX) return ANALYST_TEXT.tooLong;
  return null;
}

export function AnalystConversation({
  messages,
  renderAnswerText,
  renderAppLink,
  onStop,
  onRetry,
  retrying,
}: {
  messages: AnalystMessage[];
  renderAnswerText(text: string): ReactNode;
  renderAppLink: RenderAppLink;
  onStop(): void;
  onRetry(): void;
  retrying: boolean;
}) {
  const lastId = messages.at(-1)?.id;
  return (
    <ol
      aria-label={ANALYST_TEXT.conversation}
      data-slot="analyst-conversation"
      className="flex flex-col gap-6"
    >
      {messages.map((message) => (
        <li key={message.id}>
          {message.role === 'user' ? (
            <QuestionBubble text={message.text} />
          ) : (
            <AnswerCard
              answer={message}
              renderText={renderAnswerText}
              renderAppLink={renderAppLink}
              onStop={onStop}
              // Retry asks the conversation's last question again: offered on the last answer only.
              onRetry={message.id === lastId ? onRetry : null}
              retrying={retrying}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

function QuestionBubble({ text }: { text: string }) {
  return (
    <article
      data-slot="analyst-question"
      aria-label={ANALYST_TEXT.you}
      className="ml-auto flex max-w-2xl flex-col gap-1 rounded-box bg-base-200 px-4 py-3 text-sm"
    >
      <p className="whitespace-pre-wrap">{text}</p>
    </article>
  );
}

export function AnswerCard({
  answer,
  renderText,
  renderAppLink,
  onStop,
  onRetry,
  retrying,
}: {
  answer: AnalystAnswer;
  renderText(text: string): ReactNode;
  renderAppLink: RenderAppLink;
  onStop(): void;
  /** Null when this answer cannot be retried (an earlier one). */
  onRetry: (() => void) | null;
  retrying: boolean;
}) {
  const streaming = answer.status === 'streaming';
  return (
    <article
      data-slot="analyst-answer"
      data-status={answer.status}
      aria-label={ANALYST_TEXT.analyst}
      aria-busy={streaming || undefined}
      className="flex max-w-3xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <div className="flex items-center gap-2 text-sm font-medium text-base-content/75">
        <BotIcon aria-hidden className="size-4" />
        {ANALYST_TEXT.analyst}
      </div>
      {answer.steps.length > 0 ? (
        <AnswerSteps steps={answer.steps} renderAppLink={renderAppLink} />
      ) : null}
      {answer.text ? renderText(answer.text) : null}
      {streaming ? (
        <div className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2 text-sm text-base-content/70">
            <Spinner size="sm" label={null} />
            {ANALYST_TEXT.writing}
          </span>
          <Button variant="outline" size="sm" onClick={onStop}>
            <SquareIcon aria-hidden />
            {ANALYST_TEXT.stop}
          </Button>
        </div>
      ) : null}
      {answer.status === 'stopped' ? (
        <p data-slot="analyst-stopped" className="text-sm text-base-content/70">
          {ANALYST_TEXT.stopped}
        </p>
      ) : null}
      {answer.status === 'failed' ? (
        <Callout
          variant="error"
          title={ANALYST_TEXT.failedTitle}
          description={
            <div className="flex flex-col items-start gap-3">
              <p>{answer.error || ANALYST_MESSAGES.unexpected}</p>
              {onRetry ? (
                <Button variant="outline" size="sm" loading={retrying} onClick={onRetry}>
                  {ANALYST_TEXT.retry}
                </Button>
              ) : null}
            </div>
          }
        />
      ) : null}
    </article>
  );
}

function AnswerSteps({
  steps,
  renderAppLink,
}: {
  steps: AnalystStep[];
  renderAppLink: RenderAppLink;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-slot="analyst-steps"
      className="flex flex-col gap-2 rounded-field bg-base-200/60 p-3 text-sm"
    >
      <h2 id={headingId} className="text-xs font-semibold tracking-wide text-base-content/70">
        {ANALYST_TEXT.steps}
      </h2>
      <ul className="flex flex-col gap-2">
        {steps.map((step, index) => (
          <li key={index} data-slot="analyst-step" className="flex flex-col gap-1">
            <p>
              <span className="font-medium">{ANALYST_TOOL_LABELS[step.tool] ?? step.tool}</span>
              {step.summary ? <span className="text-base-content/75">: {step.summary}</span> : null}
            </p>
            {step.links.length > 0 ? (
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {step.links.map((link) => (
                  <li key={link.href}>
                    {/* Only the app's own screens: a step's link is never an outside page. */}
                    {analystLinkKind(link.href) === 'app' ? (
                      renderAppLink(link.href, link.label)
                    ) : (
                      <span>{link.label}</span>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AnalystEmpty({
  suggestions,
  onPick,
  disabled,
}: {
  suggestions: readonly string[] | null;
  onPick(question: string): void;
  disabled: boolean;
}) {
  const headingId = useId();
  return (
    <EmptyState
      icon={<BotIcon />}
      title={ANALYST_TEXT.emptyTitle}
      description={ANALYST_TEXT.emptyDescription}
      action={
        suggestions && suggestions.length > 0 ? (
          <section aria-labelledby={headingId} className="flex flex-col items-center gap-2">
            <h2 id={headingId} className="text-sm font-medium text-base-content/75">
              {ANALYST_TEXT.suggestions}
            </h2>
            <ul className="flex flex-col items-stretch gap-2">
              {suggestions.map((question) => (
                <li key={question}>
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-auto w-full py-2 text-left whitespace-normal"
                    disabled={disabled}
                    onClick={() => onPick(question)}
                  >
                    {question}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : undefined
      }
    />
  );
}

export function AnalystQuestionBox({
  value,
  onChange,
  onSubmit,
  pending,
  blocked,
  refusal,
}: {
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  pending: boolean;
  /** An answer is being written: a new question waits. */
  blocked: boolean;
  /** Why the question was refused (shown under the box). */
  refusal: string | null;
}) {
  const tooLong = value.trim().length > ANALYST_QUESTION_MAX;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!blocked && !pending) onSubmit();
  };
  return (
    <form
      data-slot="analyst-question-box"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field>
        <FieldLabel>{ANALYST_TEXT.questionLabel}</FieldLabel>
        <Textarea
          name="question"
          value={value}
          placeholder={ANALYST_TEXT.questionPlaceholder}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
        />
        <FieldDescription className="flex justify-between gap-4">
          <span>{ANALYST_TEXT.questionHint}</span>
          <span className={tooLong ? 'font-medium text-error' : undefined}>
            {ANALYST_TEXT.count(value.trim().length)}
          </span>
        </FieldDescription>
        <FieldError>{tooLong ? ANALYST_TEXT.tooLong : refusal}</FieldError>
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={pending} disabled={blocked}>
          {ANALYST_TEXT.ask}
        </Button>
      </div>
    </form>
  );
}

export function AnalystSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4">
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-32 w-3/4" />
    </div>
  );
}
