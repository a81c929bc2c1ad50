/**
 * The create-org and create-env form: a Name, and a Slug suggested from the name until the user edits
 * it by hand (emptying it hands it back to the suggestion on the next name change). Client errors
 * show once a field was left or a submit was tried; the server's field errors stay until that field
 * changes.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
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
  const [values, setValues] = useState<NameSlugValues>({ name: '', slug: '' });
  const [slugOwned, setSlugOwned] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<NameSlugField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState<NameSlugValues | null>(null);
  const inputs = useRef<Partial<Record<NameSlugField, HTMLInputElement | null>>>({});

  const clientErrors = validate(values);
  const errorOf = (field: NameSlugField): string | undefined => {
    if (touched[field] || attempted) {
      const client = clientErrors[field];
      if (client) return client;
    }
    const server = serverErrors?.fields[field];
    return server && submitted && submitted[field] === values[field].trim() ? server : undefined;
  };

  // A server field error moves focus to its field, so the correction starts where the problem is.
  // (A new submit clears the server's answer while pending, so a repeated message focuses again.)
  const serverField = FIELDS.find((field) => serverErrors?.fields[field]);
  const serverMessage = serverField ? serverErrors?.fields[serverField] : undefined;
  useEffect(() => {
    if (serverField) inputs.current[serverField]?.focus();
  }, [serverField, serverMessage]);

  const changeName = (name: string) =>
    setValues((v) => ({ name, slug: slugOwned ? v.slug : suggestSlug(name) }));
  const changeSlug = (slug: string) => {
    setSlugOwned(slug !== '');
    setValues((v) => ({ ...v, slug }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    const invalid = FIELDS.find((field) => validate(values)[field]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    const trimmed = { name: values.name.trim(), slug: values.slug.trim() };
    setSubmitted(trimmed);
    onSubmit(trimmed);
  };

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={submit}
      data-slot="name-slug-form"
      className="flex flex-col gap-5"
    >
      <Field>
        <FieldLabel>Name</FieldLabel>
        <Input
          ref={(node) => {
            inputs.current.name = node;
          }}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(e) => changeName(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
        />
        {nameDescription ? <FieldDescription>{nameDescription}</FieldDescription> : null}
        <FieldError>{errorOf('name')}</FieldError>
      </Field>
      <Field>
        <FieldLabel>Slug</FieldLabel>
        <Input
          ref={(node) => {
            inputs.current.slug = node;
          }}
          name="slug"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.slug}
          onChange={(e) => changeSlug(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, slug: true }))}
        />
        <FieldDescription>{slugDescription(values.slug)}</FieldDescription>
        <FieldError>{errorOf('slug')}</FieldError>
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
