/**
 * The org's AI budget (settings → Organization): this month's spend by agents, monitoring and the
 * analyst against the budget, the refusal new model work gets once it is spent, and the superuser's
 * control that raises it.
 */
import { TrendingUpIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { type AiBudget, SPEND_AREA_LABEL, SPEND_AREAS } from '~/domain/ai-budget/entities';
import { AI_BUDGET_MESSAGES } from '~/domain/ai-budget/messages';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Badge } from '~/ui/components/badge';
import { Callout } from '~/ui/components/callout';
import { CardContent } from '~/ui/components/card';
import { Skeleton } from '~/ui/components/skeleton';
import { cn } from '~/ui/lib/cn';
import { useFormState } from '~/ui/lib/use-form-state';
import { formatUsd } from '~/ui/lib/format';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { NumberRow } from './number-row';
import { SettingsCard } from './settings-card';

export const AI_BUDGET_TEXT = {
  title: 'AI budget',
  spentTitle: 'AI budget spent',
  meterLabel: 'Spent this month',
  raiseTitle: 'Raise the budget',
  raiseLabel: 'New monthly budget (US$)',
  raiseButton: 'Raise budget',
  raiseFailed: 'Could not raise the budget',
  defaultBudget: "The server's default",
  raisedBudget: 'Raised by a superuser',
} as const;

// The month is a UTC calendar month: name it and its end in UTC, whatever the reader's zone.
const monthName = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const utcDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** The card around the budget; `children` is the budget, its skeleton or its error. */
export function AiBudgetCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <SettingsCard
      headingId={headingId}
      title={AI_BUDGET_TEXT.title}
      description="What the org's agents, monitoring and analyst cost in AI models this month, priced from the tokens each call used."
      data-slot="ai-budget-card"
    >
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </SettingsCard>
  );
}

/** Spent against the budget, as a bar with its figures in words. */
function SpendMeter({ spentUsd, budgetUsd }: { spentUsd: number; budgetUsd: number }) {
  const labelId = useId();
  const percent = budgetUsd > 0 ? Math.min(100, Math.round((spentUsd / budgetUsd) * 100)) : 100;
  const figures = `${formatUsd(spentUsd)} of ${formatUsd(budgetUsd)}`;
  const over = spentUsd >= budgetUsd;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="text-base-content/75">
          {AI_BUDGET_TEXT.meterLabel}
        </span>
        <span className="font-semibold tabular-nums" data-slot="ai-budget-figures">
          {figures} ({percent}%)
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={budgetUsd}
        aria-valuenow={Math.min(spentUsd, budgetUsd)}
        aria-valuetext={`${figures} (${percent}%)`}
        className="h-2 w-full overflow-hidden rounded-full bg-base-300"
      >
        <div
          className={cn('h-full rounded-full', over ? 'bg-error' : 'bg-primary')}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** This month's spend by area against the budget; once it is spent, the refusal model work gets. */
export function AiBudgetSummary({ budget }: { budget: AiBudget }) {
  return (
    <div className="flex flex-col gap-4" data-slot="ai-budget-summary">
      <SpendMeter spentUsd={budget.spentUsd} budgetUsd={budget.budgetUsd} />
      {budget.exhausted ? (
        <Callout
          variant="error"
          title={AI_BUDGET_TEXT.spentTitle}
          description={AI_BUDGET_MESSAGES.exhausted}
        />
      ) : null}
      <DetailList>
        <DetailItem label="Month">{monthLabel(budget.month)}</DetailItem>
        {SPEND_AREAS.map((area) => (
          <DetailItem key={area} label={SPEND_AREA_LABEL[area]}>
            <span className="tabular-nums">{formatUsd(budget.byArea[area])}</span>
          </DetailItem>
        ))}
        <DetailItem label="Total">
          <span className="font-semibold tabular-nums">{formatUsd(budget.spentUsd)}</span>
        </DetailItem>
        <DetailItem label="Monthly budget">
          <span className="tabular-nums">{formatUsd(budget.budgetUsd)}</span>{' '}
          <span className="text-base-content/75">
            ({budget.isDefault ? AI_BUDGET_TEXT.defaultBudget : AI_BUDGET_TEXT.raisedBudget})
          </span>
        </DetailItem>
        <DetailItem label="Starts again">{utcDay.format(budget.resetsAt)}</DetailItem>
      </DetailList>
    </div>
  );
}

export function AiBudgetSkeleton() {
  return (
    <div role="status" aria-label="Loading the AI budget" className="flex flex-col gap-4">
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-2 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

export function AiBudgetError({ message }: { message: string }) {
  return <Callout variant="error" title="Could not load the AI budget" description={message} />;
}

export interface RaiseBudgetFormProps {
  currentUsd: number;
  /** Client-side rules (the procedure's schema and the domain's raise rule): the message, if any. */
  validate(value: string): string | undefined;
  /** Called with the amount once it passes `validate`. */
  onSubmit(budgetUsd: number): void;
  pending?: boolean;
  serverErrors?: { fields: { budgetUsd?: string }; form: string | null } | null;
  /** Increments after each raise: the field empties for the next one. */
  resetKey?: number;
}

const FIELDS = ['budgetUsd'] as const;
const INITIAL = { budgetUsd: '' };

/** The superuser-only control: a new monthly budget, above the current one. */
export function RaiseBudgetForm({
  currentUsd,
  validate,
  onSubmit,
  pending = false,
  serverErrors = null,
  resetKey = 0,
}: RaiseBudgetFormProps) {
  const headingId = useId();
  const form = useFormState({
    fields: FIELDS,
    initial: INITIAL,
    validate: ({ budgetUsd }) => ({ budgetUsd: validate(budgetUsd) }),
    serverErrors,
    pending,
    onSubmit: ({ budgetUsd }) => onSubmit(Number(budgetUsd)),
  });
  const { reset } = form;
  useEffect(() => {
    if (resetKey !== 0) reset();
    // Only a new resetKey empties the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-base-300 pt-6"
      data-slot="raise-budget"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {AI_BUDGET_TEXT.raiseTitle}
        </h3>
        <Badge variant="outline">{ORG_MESSAGES.superuserRequired}</Badge>
      </div>
      <form
        aria-labelledby={headingId}
        noValidate
        onSubmit={form.submit}
        className="flex flex-col gap-3"
      >
        <NumberRow
          label={AI_BUDGET_TEXT.raiseLabel}
          description={
            <>Currently {formatUsd(currentUsd)} a month. The new budget applies from now on.</>
          }
          error={form.errorOf('budgetUsd')}
          input={{
            ...form.field('budgetUsd'),
            inputMode: 'decimal',
            min: 0,
            step: 'any',
            placeholder: String(Math.ceil(currentUsd * 2)),
          }}
          submit={{ label: AI_BUDGET_TEXT.raiseButton, icon: <TrendingUpIcon aria-hidden /> }}
          pending={pending}
        />
        {serverErrors?.form ? (
          <Callout
            variant="error"
            title={AI_BUDGET_TEXT.raiseFailed}
            description={serverErrors.form}
          />
        ) : null}
      </form>
    </section>
  );
}
