/**
 * The dialog that starts a landing page: its title, slug and locale. Client errors come from the
 * procedure's own schema; the server's field errors (a taken slug) show under their field.
 */
import { useFormState } from '~/ui/lib/use-form-state';
import { Dialog, DialogContent } from '~/ui/components/dialog';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { OptionsSelect } from '~/ui/components/select';
import { DialogForm } from '~/ui/patterns/form-dialog';
import { useReturnFocus } from '~/ui/patterns/confirm-dialog';

export type NewPageField = 'title' | 'slug' | 'locale';
export type NewPageValues = Record<NewPageField, string>;
export type NewPageErrors = Partial<Record<NewPageField, string>>;

export const NEW_PAGE_FIELDS: readonly NewPageField[] = ['title', 'slug', 'locale'];

export const CREATE_PAGE_TEXT = {
  title: 'New landing page',
  description: 'Sections, theme and products come next, on the page itself.',
  titleLabel: 'Title',
  slugLabel: 'Slug',
  slugHint: 'Lowercase words joined by hyphens; the page is published as beacon-lp-{slug}.',
  localeLabel: 'Locale',
  submit: 'Create page',
  failedTitle: 'Could not create the page',
} as const;

/** "Summer Sale 2026!" → "summer-sale-2026". */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

export interface CreatePageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  locales: readonly string[];
  validate(values: NewPageValues): NewPageErrors;
  onSubmit(values: NewPageValues): void;
  pending?: boolean;
  serverErrors?: { fields: NewPageErrors; form: string | null } | null;
}

export function CreatePageDialog({
  open,
  onOpenChange,
  pending = false,
  ...rest
}: CreatePageDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent data-slot="create-page-dialog" onCloseAutoFocus={returnFocus}>
        {open ? <CreatePageForm pending={pending} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreatePageForm({
  locales,
  validate,
  onSubmit,
  pending,
  serverErrors = null,
}: Omit<CreatePageDialogProps, 'open' | 'onOpenChange'> & { pending: boolean }) {
  const form = useFormState({
    fields: NEW_PAGE_FIELDS,
    initial: { title: '', slug: '', locale: locales[0] ?? 'default' },
    validate,
    serverErrors,
    pending,
    onSubmit,
  });
  const title = form.field('title');
  const locale = form.field('locale');
  return (
    <DialogForm
      title={CREATE_PAGE_TEXT.title}
      description={CREATE_PAGE_TEXT.description}
      onSubmit={form.submit}
      pending={pending}
      submitLabel={CREATE_PAGE_TEXT.submit}
      failedTitle={CREATE_PAGE_TEXT.failedTitle}
      formError={serverErrors?.form}
    >
      <Field>
        <FieldLabel>{CREATE_PAGE_TEXT.titleLabel}</FieldLabel>
        <Input
          {...title}
          autoComplete="off"
          onChange={(event) => {
            const next = event.target.value;
            // The slug follows the title until someone types their own.
            form.setValues((v) =>
              v.slug === slugOf(v.title)
                ? { ...v, title: next, slug: slugOf(next) }
                : { ...v, title: next },
            );
          }}
        />
        <FieldError>{form.errorOf('title')}</FieldError>
      </Field>
      <Field>
        <FieldLabel>{CREATE_PAGE_TEXT.slugLabel}</FieldLabel>
        <Input {...form.field('slug')} autoComplete="off" className="font-mono" />
        <FieldDescription>{CREATE_PAGE_TEXT.slugHint}</FieldDescription>
        <FieldError>{form.errorOf('slug')}</FieldError>
      </Field>
      <Field>
        <FieldLabel>{CREATE_PAGE_TEXT.localeLabel}</FieldLabel>
        <OptionsSelect
          value={locale.value}
          onValueChange={(next) => form.setValue('locale', next)}
          trigger={{ ref: locale.ref, onBlur: locale.onBlur }}
          options={locales.map((code) => ({ value: code, label: code }))}
        />
        <FieldError>{form.errorOf('locale')}</FieldError>
      </Field>
    </DialogForm>
  );
}
