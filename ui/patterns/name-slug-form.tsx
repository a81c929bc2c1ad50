/**
 * The create-org and create-env form: a Name, and a Slug suggested from the name until the user edits
 * it by hand (emptying it hands it back to the suggestion on the next name change). Client errors
 * show once a field was left or a submit was tried; the server's field errors stay until that field
 * changes.
 */
import { type ReactNode, useState } from 'react';
import { useFormState } from '~/ui/lib/use-form-state';
import { suggestSlug } from '~/domain/orgs/slug';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

export type NameSlugField = 'name' | 'slug';
export interface NameSlugValues {
  name: string;
  slug: string;
}
export type NameSlugErrors = Partial<Record<NameSlugField, string>>;

export interface NameSlugFormProps {
  /** The form's accessible name, e.g. 'New org'. */
  label: string;
  /** Client-side rules (the procedure's own schema): a message per invalid field. */
  validate(values: NameSlugValues): NameSlugErrors;
  /** Called with trimmed values once they pass `validate`. */
  onSubmit(values: NameSlugValues): void;
  submitLabel: string;
  pending?: boolean;
  /** The server's answer to the last submit. */
  serverErrors?: { fields: NameSlugErrors; form: string | null } | null;
  nameDescription?: ReactNode;
  /** Where the slug shows, e.g. the link it makes. */
  slugDescription(slug: string): ReactNode;
  /** E.g. a Cancel link. */
  secondaryAction?: ReactNode;
}

const FIELDS: readonly NameSlugField[] = ['name', 'slug'];

export function NameSlugForm({
  label,
  validate,
  onSubmit,
  submitLabel,
  pending = false,
  serverErrors = null,
  nameDescription,
  slugDescription,
  secondaryAction,
}: NameSlugFormProps) {
  const [slugOwned, setSlugOwned] = useState(false);
  const form = useFormState({
    fields: FIELDS,
    initial: { name: '', slug: '' },
    validate,
    serverErrors,
    pending,
    onSubmit,
  });

  const changeName = (name: string) =>
    form.setValues((v) => ({ name, slug: slugOwned ? v.slug : suggestSlug(name) }));
  const changeSlug = (slug: string) => {
    setSlugOwned(slug !== '');
    form.setValue('slug', slug);
  };

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={form.submit}
      data-slot="name-slug-form"
      className="flex flex-col gap-5"
    >
      <Field>
        <FieldLabel>Name</FieldLabel>
        <Input
          {...form.field('name')}
          autoComplete="off"
          onChange={(e) => changeName(e.target.value)}
        />
        {nameDescription ? <FieldDescription>{nameDescription}</FieldDescription> : null}
        <FieldError>{form.errorOf('name')}</FieldError>
      </Field>
      <Field>
        <FieldLabel>Slug</FieldLabel>
        <Input
          {...form.field('slug')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => changeSlug(e.target.value)}
        />
        <FieldDescription>{slugDescription(form.values.slug)}</FieldDescription>
        <FieldError>{form.errorOf('slug')}</FieldError>
      </Field>
      {serverErrors?.form ? <Callout variant="error" title={serverErrors.form} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
