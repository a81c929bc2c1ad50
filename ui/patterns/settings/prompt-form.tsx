/**
 * The dialog that creates or edits a prompt: a Name and the prompt Text. Client errors (the procedure's
 * own schema) show once a field was left or a submit was tried; the server's field errors (a taken
 * name) stay until that field changes, and move focus to it.
 */
import { useFormState } from '~/ui/lib/use-form-state';
import { Dialog, DialogContent } from '~/ui/components/dialog';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { Textarea } from '~/ui/components/textarea';
import { DialogForm } from '~/ui/patterns/form-dialog';
import { useReturnFocus } from '~/ui/patterns/confirm-dialog';

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
  const form = useFormState({
    fields: FIELDS,
    initial: initial ?? { name: '', text: '' },
    validate,
    serverErrors,
    pending,
    onSubmit,
  });

  return (
    <DialogForm
      title={editing ? 'Edit prompt' : 'New prompt'}
      description="Write it the way a shopper would ask an AI assistant."
      onSubmit={form.submit}
      pending={pending}
      submitLabel={editing ? 'Save changes' : 'Save prompt'}
      failedTitle="Could not save the prompt"
      formError={serverErrors?.form}
      slot="prompt-form"
    >
      <Field>
        <FieldLabel>Name</FieldLabel>
        <Input {...form.field('name')} autoComplete="off" />
        <FieldDescription>
          How your team finds it in lists, e.g. Trail running shoes.
        </FieldDescription>
        <FieldError>{form.errorOf('name')}</FieldError>
      </Field>
      <Field>
        <FieldLabel>Prompt</FieldLabel>
        <Textarea {...form.field('text')} rows={5} />
        <FieldDescription>
          E.g. What are the best trail running shoes under $150 for muddy terrain?
        </FieldDescription>
        <FieldError>{form.errorOf('text')}</FieldError>
      </Field>
    </DialogForm>
  );
}
