/**
 * How long monitoring keeps raw answers (settings → Organization): the org's retention for everyone,
 * and for owners and superusers the control that changes it (docs/operations.md).
 */
import { SaveIcon } from 'lucide-react';
import { useId } from 'react';
import { ANSWER_RETENTION_DAYS } from '~/domain/monitoring/retention';
import { Callout } from '~/ui/components/callout';
import { CardContent } from '~/ui/components/card';
import { useFormState } from '~/ui/lib/use-form-state';
import { NumberRow } from './number-row';
import { SettingsCard } from './settings-card';

export const ANSWER_RETENTION_TEXT = {
  title: 'Monitoring answers',
  description:
    'Monitoring keeps each run’s raw answers for a prompt’s detail; after this many days they are removed. The figures, the trend and the uplift stay.',
  kept: (days: number) => `Answers are kept ${days} days.`,
  label: 'Keep answers for (days)',
  hint: `Between ${ANSWER_RETENTION_DAYS.min} and ${ANSWER_RETENTION_DAYS.max} days; ${ANSWER_RETENTION_DAYS.default} by default. Only owners can change it.`,
  save: 'Save',
  saved: 'Saved.',
  saveFailed: 'Could not change how long answers are kept',
} as const;

export interface AnswerRetentionCardProps {
  days: number;
  /** Owners and superusers: the form; everyone else reads the figure. */
  canChange: boolean;
  /** The procedure's schema: the message, if any. */
  validate(value: string): string | undefined;
  onSubmit(days: number): void;
  pending?: boolean;
  saved?: boolean;
  serverErrors?: { fields: { days?: string }; form: string | null } | null;
}

const FIELDS = ['days'] as const;

export function AnswerRetentionCard({
  days,
  canChange,
  validate,
  onSubmit,
  pending = false,
  saved = false,
  serverErrors = null,
}: AnswerRetentionCardProps) {
  const headingId = useId();
  const form = useFormState({
    fields: FIELDS,
    initial: { days: String(days) },
    validate: (values) => ({ days: validate(values.days) }),
    serverErrors,
    pending,
    onSubmit: (values) => onSubmit(Number(values.days)),
  });
  return (
    <SettingsCard
      headingId={headingId}
      title={ANSWER_RETENTION_TEXT.title}
      description={ANSWER_RETENTION_TEXT.description}
      data-slot="answer-retention-card"
    >
      <CardContent className="flex flex-col gap-3">
        {canChange ? (
          <form
            aria-labelledby={headingId}
            noValidate
            onSubmit={form.submit}
            className="flex flex-col gap-3"
          >
            <NumberRow
              label={ANSWER_RETENTION_TEXT.label}
              description={ANSWER_RETENTION_TEXT.hint}
              error={form.errorOf('days')}
              input={{
                ...form.field('days'),
                inputMode: 'numeric',
                min: ANSWER_RETENTION_DAYS.min,
                max: ANSWER_RETENTION_DAYS.max,
                step: 1,
              }}
              submit={{ label: ANSWER_RETENTION_TEXT.save, icon: <SaveIcon aria-hidden /> }}
              pending={pending}
            />
            <p role="status" className="text-sm text-base-content/75">
              {saved && !pending ? ANSWER_RETENTION_TEXT.saved : null}
            </p>
            {serverErrors?.form ? (
              <Callout
                variant="error"
                title={ANSWER_RETENTION_TEXT.saveFailed}
                description={serverErrors.form}
              />
            ) : null}
          </form>
        ) : (
          <p className="text-sm">{ANSWER_RETENTION_TEXT.kept(days)}</p>
        )}
      </CardContent>
    </SettingsCard>
  );
}
