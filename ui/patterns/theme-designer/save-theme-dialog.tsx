/**
 * "Save as landing-page theme": names the designer's colours and fonts and keeps them on the server,
 * where landing pages can use them. Saving a name again replaces that theme. The designer's own state
 * stays in this browser either way.
 */
import { SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { useFormState } from '~/ui/lib/use-form-state';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Dialog, DialogContent, DialogTrigger } from '~/ui/components/dialog';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { DialogForm } from '~/ui/patterns/form-dialog';

export const SAVE_THEME_TEXT = {
  button: 'Save as landing-page theme',
  title: 'Save as landing-page theme',
  description:
    "Landing pages of this org can then use these colours and fonts. Saving a theme's name again replaces it.",
  name: 'Theme name',
  nameHint: 'E.g. Summer 2026',
  submit: 'Save theme',
  failed: 'Could not save the theme',
  saved: (name: string) => `Saved as the landing-page theme "${name}".`,
} as const;

const FIELDS = ['name'] as const;

export interface SaveThemeDialogProps {
  validate(values: { name: string }): { name?: string };
  onSubmit(name: string): void;
  pending: boolean;
  /** The name last saved, for the success message; null before. */
  savedName: string | null;
  serverErrors: { fields: { name?: string }; form: string | null } | null;
  /** Called when the dialog opens or closes, so the caller can forget the last answer. */
  onOpenChange?(open: boolean): void;
  open: boolean;
}

export function SaveThemeDialog({
  open,
  onOpenChange,
  pending,
  savedName,
  ...rest
}: SaveThemeDialogProps) {
  return (
    <div className="flex flex-col gap-3">
      <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange?.(next))}>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" className="w-fit">
            <SaveIcon aria-hidden />
            {SAVE_THEME_TEXT.button}
          </Button>
        </DialogTrigger>
        <DialogContent data-slot="save-theme-dialog">
          {open ? <SaveThemeForm pending={pending} {...rest} /> : null}
        </DialogContent>
      </Dialog>
      {savedName && !open ? (
        <Callout variant="success" role="status" title={SAVE_THEME_TEXT.saved(savedName)} />
      ) : null}
    </div>
  );
}

function SaveThemeForm({
  validate,
  onSubmit,
  pending,
  serverErrors,
}: Pick<SaveThemeDialogProps, 'validate' | 'onSubmit' | 'pending' | 'serverErrors'>) {
  const [initial] = useState({ name: '' });
  const form = useFormState({
    fields: FIELDS,
    initial,
    validate,
    serverErrors,
    pending,
    onSubmit: (values) => onSubmit(values.name),
  });
  return (
    <DialogForm
      title={SAVE_THEME_TEXT.title}
      description={SAVE_THEME_TEXT.description}
      onSubmit={form.submit}
      pending={pending}
      submitLabel={SAVE_THEME_TEXT.submit}
      failedTitle={SAVE_THEME_TEXT.failed}
      formError={serverErrors?.form}
    >
      <Field>
        <FieldLabel>{SAVE_THEME_TEXT.name}</FieldLabel>
        <Input {...form.field('name')} autoComplete="off" />
        <FieldDescription>{SAVE_THEME_TEXT.nameHint}</FieldDescription>
        <FieldError>{form.errorOf('name')}</FieldError>
      </Field>
    </DialogForm>
  );
}
