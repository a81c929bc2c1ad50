/**
 * Where landing pages publish: the site's own (private) content library, or a shared one the env
 * names. The Data API does not say which a site uses (ADR 0042), so a site on a shared library (as
 * SFRA's are) names it here. Props in, events out: the screen reads and saves the setting.
 */
import { LibraryIcon } from 'lucide-react';
import { useFormState } from '~/ui/lib/use-form-state';
import { Button } from '~/ui/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/components/card';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

export const CONTENT_LIBRARY_TEXT = {
  title: 'Content library',
  formLabel: 'Content library',
  own: "Pages publish to the site's own content library.",
  shared: (libraryId: string) => `Pages publish to the shared content library ${libraryId}.`,
  label: 'Shared library ID',
  hint: "As Business Manager shows it under Merchant Tools › Content › Libraries. Leave it empty for the site's own library.",
  save: 'Save library',
  saved: 'Content library saved.',
  loadFailed: 'Could not load the content library',
} as const;

const FIELDS = ['libraryId'] as const;

export interface ContentLibraryFormProps {
  /** The env's shared library, or null for the site's own. */
  libraryId: string | null;
  /** Client-side rule (the procedure's own schema): the message when the id is not valid. */
  validate(libraryId: string): string | undefined;
  /** The trimmed id, or null for the site's own library. */
  onSave(libraryId: string | null): void;
  pending?: boolean;
  saved?: boolean;
  serverErrors?: { fields: { libraryId?: string }; form: string | null } | null;
}

export function ContentLibraryForm({
  libraryId,
  validate,
  onSave,
  pending = false,
  saved = false,
  serverErrors = null,
}: ContentLibraryFormProps) {
  const text = CONTENT_LIBRARY_TEXT;
  const form = useFormState({
    fields: FIELDS,
    initial: { libraryId: libraryId ?? '' },
    validate: (values) => {
      const id = values.libraryId.trim();
      return { libraryId: id === '' ? undefined : validate(id) };
    },
    serverErrors,
    pending,
    onSubmit: (values) => onSave(values.libraryId.trim() || null),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <LibraryIcon aria-hidden className="size-4" />
            {text.title}
          </h2>
        </CardTitle>
        <CardDescription>{libraryId ? text.shared(libraryId) : text.own}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-label={text.formLabel}
          noValidate
          onSubmit={form.submit}
          className="flex flex-wrap items-start gap-3"
        >
          <Field className="min-w-64 flex-1">
            <FieldLabel>{text.label}</FieldLabel>
            <Input
              {...form.field('libraryId')}
              autoComplete="off"
              spellCheck={false}
              placeholder="RefArchSharedLibrary"
            />
            <FieldDescription>{text.hint}</FieldDescription>
            <FieldError>{form.errorOf('libraryId')}</FieldError>
          </Field>
          <Button type="submit" variant="outline" loading={pending} className="mt-6">
            {text.save}
          </Button>
          {serverErrors?.form ? (
            <p role="alert" className="basis-full text-sm text-error">
              {serverErrors.form}
            </p>
          ) : null}
          {saved ? (
            <p role="status" className="basis-full text-sm text-base-content/75">
              {text.saved}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
