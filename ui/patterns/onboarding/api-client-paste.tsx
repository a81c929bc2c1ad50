/**
 * The API client someone created in Account Manager, pasted: why Beacon does not create it itself,
 * exactly what to create, and a form for its id and secret. The secret field is a password field and
 * the form never shows the secret anywhere else.
 */
import { ClipboardPasteIcon, KeyRoundIcon } from 'lucide-react';
import type { ApiClientPasteReason } from '~/domain/instances/api-client-step';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { type FieldErrors, useFormState } from '~/ui/lib/use-form-state';

export type ApiClientPasteField = 'clientId' | 'secret';
export type ApiClientPasteValues = Record<ApiClientPasteField, string>;

const FIELDS: readonly ApiClientPasteField[] = ['clientId', 'secret'];
const INITIAL: ApiClientPasteValues = { clientId: '', secret: '' };

const WHY: Record<ApiClientPasteReason, { title: string | null; intro: string }> = {
  'no-role': {
    title: INSTANCE_MESSAGES.apiClientNoRole,
    intro: INSTANCE_MESSAGES.apiClientPasteIntro,
  },
  'sign-in-needed': {
    title: INSTANCE_MESSAGES.accountManagerSignInNeeded,
    intro: INSTANCE_MESSAGES.apiClientPasteIntroSignIn,
  },
  chosen: { title: null, intro: INSTANCE_MESSAGES.apiClientPasteIntroChosen },
};

export interface ApiClientPasteProps {
  reason: ApiClientPasteReason;
  /** Client-side rules (the procedure's own schema): a message per invalid field. */
  validate(values: ApiClientPasteValues): FieldErrors<ApiClientPasteField>;
  /** Called with trimmed values once they pass `validate`. */
  onSubmit(values: ApiClientPasteValues): void;
  pending?: boolean;
  /** The server's answer to the last submit. */
  serverErrors?: { fields: FieldErrors<ApiClientPasteField>; form: string | null } | null;
  /** Back to having Beacon create the client, when the person may. */
  onCreateInstead?: () => void;
}

export function ApiClientPaste({
  reason,
  validate,
  onSubmit,
  pending = false,
  serverErrors = null,
  onCreateInstead,
}: ApiClientPasteProps) {
  const form = useFormState({
    fields: FIELDS,
    initial: INITIAL,
    validate,
    serverErrors,
    pending,
    onSubmit,
  });
  const why = WHY[reason];

  return (
    <div data-slot="api-client-paste" className="flex flex-col gap-5">
      {why.title ? <Callout variant="warning" title={why.title} /> : null}
      <p className="text-sm">{why.intro}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-box border border-base-300 p-4 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {INSTANCE_MESSAGES.apiClientPasteSettings.map(({ field, value, literal }) => (
          <div key={field} className="contents">
            <dt className="font-medium">{field}</dt>
            <dd className="text-base-content/80">
              {literal ? <code className="font-mono text-base-content">{value}</code> : value}
            </dd>
          </div>
        ))}
      </dl>
      <form
        aria-label={INSTANCE_MESSAGES.apiClientPasteFormLabel}
        noValidate
        onSubmit={form.submit}
        className="flex max-w-xl flex-col gap-5"
      >
        <Field>
          <FieldLabel>{INSTANCE_MESSAGES.apiClientIdLabel}</FieldLabel>
          <Input
            {...form.field('clientId')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
          />
          <FieldDescription>{INSTANCE_MESSAGES.apiClientIdDescription}</FieldDescription>
          <FieldError>{form.errorOf('clientId')}</FieldError>
        </Field>
        <Field>
          <FieldLabel>{INSTANCE_MESSAGES.apiClientSecretLabel}</FieldLabel>
          <Input
            {...form.field('secret')}
            type="password"
            // Not a password of the person's own: no manager should offer to save or fill it.
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <FieldDescription>{INSTANCE_MESSAGES.apiClientSecretDescription}</FieldDescription>
          <FieldError>{form.errorOf('secret')}</FieldError>
        </Field>
        {serverErrors?.form ? (
          <Callout variant="error" title={INSTANCE_MESSAGES.apiClientPasteFailed} />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={pending}>
            <ClipboardPasteIcon aria-hidden />
            {INSTANCE_MESSAGES.apiClientPasteSubmit}
          </Button>
          {onCreateInstead ? (
            <Button type="button" variant="ghost" disabled={pending} onClick={onCreateInstead}>
              <KeyRoundIcon aria-hidden />
              {INSTANCE_MESSAGES.apiClientCreateInstead}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
