/**
 * Invite someone by email. Beacon sends no email, and says so: the invitation's link is what the
 * inviter copies and sends. The server's field error (already a member) stays until the email changes.
 */
import { MailPlusIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useFormState } from '~/ui/lib/use-form-state';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

export const NO_EMAIL_NOTICE =
  'Beacon does not send invitation emails yet. Copy the link and send it yourself.';

export interface InviteFormProps {
  /** Client-side rule (the procedure's own schema): the message when the email is not valid. */
  validate(email: string): string | undefined;
  /** Called with the trimmed email once it passes `validate`. */
  onSubmit(email: string): void;
  pending?: boolean;
  serverErrors?: { fields: { email?: string }; form: string | null } | null;
  /** Increments after each invitation is created: the field empties for the next one. */
  resetKey?: number;
}

const FIELDS = ['email'] as const;
const INITIAL = { email: '' };

export function InviteForm({
  validate,
  onSubmit,
  pending = false,
  serverErrors = null,
  resetKey = 0,
}: InviteFormProps) {
  const form = useFormState({
    fields: FIELDS,
    initial: INITIAL,
    validate: ({ email }) => ({ email: validate(email) }),
    serverErrors,
    pending,
    onSubmit: ({ email }) => onSubmit(email),
  });
  const { reset } = form;

  useEffect(() => {
    if (resetKey !== 0) reset();
    // Only a new resetKey empties the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  return (
    <form
      aria-label="Invite a member"
      noValidate
      onSubmit={form.submit}
      data-slot="invite-form"
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-start gap-3">
        <Field className="min-w-64 flex-1">
          <FieldLabel>Email</FieldLabel>
          <Input
            {...form.field('email')}
            // Checked on submit only: leaving an empty field to copy an address is not an error.
            onBlur={undefined}
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="name@company.com"
          />
          <FieldError>{form.errorOf('email')}</FieldError>
        </Field>
        {/* Lined up with the input, below its label. */}
        <Button type="submit" loading={pending} className="mt-6">
          <MailPlusIcon aria-hidden />
          Invite
        </Button>
      </div>
      {serverErrors?.form ? (
        <Callout
          variant="error"
          title="Could not create the invitation"
          description={serverErrors.form}
        />
      ) : null}
    </form>
  );
}
