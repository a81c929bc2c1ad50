/**
 * The dialog that creates or edits a prompt: a Name and the prompt Text. Client errors (the procedure's
 * own schema) show once a field was left or a submit was tried; the server's field errors (a taken
 * name) stay until that field changes, and move focus to it.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/ui/components/dialog';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { Textarea } from '~/ui/components/textarea';
import { useReturnFocus } from './confirm-dialog';

export type PromptField = 'name' | 'text';
export interface PromptValues {
  name: string;
  text: string;
}
export type PromptErrors = Partial<Record<PromptField, string>>;

const FIELDS: readonly PromptField[] = ['name', 'text'];

export interface PromptFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The prompt being edited, or null to create one. */
  initial: PromptValues | null;
  validate(values: PromptValues): PromptErrors;
  /** Called with trimmed values once they pass `validate`. */
  onSubmit(values: PromptValues): void;
  pending?: boolean;
  /** The server's answer to the last submit. */
  serverErrors?: { fields: PromptErrors; form: string | null } | null;
}

export function PromptFormDialog({
  open,
  onOpenChange,
  pending = false,
  ...rest
}: PromptFormDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent data-slot="prompt-form-dialog" onCloseAutoFocus={returnFocus}>
        {/* Mounted per opening, so each one starts from the prompt's saved values. */}
        {open ? <PromptForm pending={pending} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PromptForm({
  initial,
  validate,
  onSubmit,
  pending,
  serverErrors = null,
}: Omit<PromptFormDialogProps, 'open' | 'onOpenChange'> & { pending: boolean }) {
  const editing = initial !== null;
  const [values, setValues] = useState<PromptValues>(initial ?? { name: '', text: '' });
  const [touched, setTouched] = useState<Partial<Record<PromptField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState<PromptValues | null>(null);
  const controls = useRef<{ name?: HTMLInputElement | null; text?: HTMLTextAreaElement | null }>(
    {},
  );

  const clientErrors = validate(values);
  const errorOf = (field: PromptField): string | undefined => {
    if (touched[field] || attempted) {
      const client = clientErrors[field];
      if (client) return client;
    }
    const server = serverErrors?.fields[field];
    return server && submitted && submitted[field] === values[field].trim() ? server : undefined;
  };

  const serverField = FIELDS.find((field) => serverErrors?.fields[field]);
  const serverMessage = serverField ? serverErrors?.fields[serverField] : undefined;
  useEffect(() => {
    if (serverField) controls.current[serverField]?.focus();
  }, [serverField, serverMessage]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    const invalid = FIELDS.find((field) => validate(values)[field]);
    if (invalid) {
      controls.current[invalid]?.focus();
      return;
    }
    const trimmed = { name: values.name.trim(), text: values.text.trim() };
    setSubmitted(trimmed);
    onSubmit(trimmed);
  };

  return (
    <form
      aria-label={editing ? 'Edit prompt' : 'New prompt'}
      noValidate
      onSubmit={submit}
      data-slot="prompt-form"
      className="flex flex-col gap-5"
    >
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit prompt' : 'New prompt'}</DialogTitle>
        <DialogDescription>Write it the way a shopper would ask an AI assistant.</DialogDescription>
      </DialogHeader>
      <Field>
        <FieldLabel>Name</FieldLabel>
        <Input
          ref={(node) => {
            controls.current.name = node;
          }}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
        />
        <FieldDescription>
          How your team finds it in lists, e.g. Trail running shoes.
        </FieldDescription>
        <FieldError>{errorOf('name')}</FieldError>
      </Field>
      <Field>
        <FieldLabel>Prompt</FieldLabel>
        <Textarea
          ref={(node) => {
            controls.current.text = node;
          }}
          name="text"
          rows={5}
          value={values.text}
          onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, text: true }))}
        />
        <FieldDescription>
          E.g. What are the best trail running shoes under $150 for muddy terrain?
        </FieldDescription>
        <FieldError>{errorOf('text')}</FieldError>
      </Field>
      {serverErrors?.form ? (
        <Callout
          variant="error"
          title="Could not save the prompt"
          description={serverErrors.form}
        />
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={pending}>
          {editing ? 'Save changes' : 'Save prompt'}
        </Button>
      </DialogFooter>
    </form>
  );
}
