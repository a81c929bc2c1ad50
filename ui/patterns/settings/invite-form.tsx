/**
 * Invite someone by email. Beacon sends no email, and says so: the invitation's link is what the
 * inviter copies and sends. The server's field error (already a member) stays until the email changes.
 */
import { MailPlusIcon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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

export function InviteForm({
  validate,
  onSubmit,
  pending = false,
  serverErrors = null,
  resetKey = 0,
}: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (resetKey === 0) return;
    setEmail('');
    setAttempted(false);
    setSubmitted(null);
  }, [resetKey]);

  const serverError = serverErrors?.fields.email;
  useEffect(() => {
    if (serverError) input.current?.focus();
  }, [serverError]);

  const clientError = attempted ? validate(email) : undefined;
  const error =
    clientError ?? (serverError && submitted === email.trim() ? serverError : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    if (validate(email)) {
      input.current?.focus();
      return;
    }
    const trimmed = email.trim();
    setSubmitted(trimmed);
    onSubmit(trimmed);
  };

  return (
    <form
      aria-label="Invite a member"
      noValidate
      onSubmit={submit}
      data-slot="invite-form"
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-start gap-3">
        <Field className="min-w-64 flex-1">
          <FieldLabel>Email</FieldLabel>
          <Input
            ref={input}
            type="email"
            name="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="name@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError>{error}</FieldError>
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
