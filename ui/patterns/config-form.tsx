/**
 * What the agents' and monitoring's config forms are made of besides the generic controls
 * (CheckboxGroup, RadioGroup, ListEditor): titled sections, text fields bound to a config field, the
 * brand's name and domain, the footer (Save, when it was saved, what was refused) and the skeleton
 * shown while the form's data loads. The form's state is useConfigForm (ui/lib/use-config-form).
 */
import { type ReactNode, useId } from 'react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { Skeleton } from '~/ui/components/skeleton';
import { Textarea } from '~/ui/components/textarea';
import { formatAgo } from '~/ui/lib/format';
import { FIELD_ATTRIBUTE } from '~/ui/lib/use-config-form';

export const CONFIG_FORM_TEXT = {
  save: 'Save configuration',
  notSavedYet: 'Not saved yet',
  unsaved: 'Unsaved changes',
  saved: (ago: string) => `Saved ${ago}`,
  refusedTitle: 'Configuration not saved',
  refusedDescription: 'Correct the fields marked above. Nothing was saved.',
} as const;

/** A control's props for one config field (useConfigForm's `bind`). */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange(next: V): void;
  error: string | undefined;
}

/** A labelled text box or text area bound to one config field. */
export function TextField({
  name,
  label,
  description,
  value,
  onChange,
  error,
  multiline = false,
  placeholder,
  autoComplete,
}: {
  name: string;
  label: string;
  description?: ReactNode;
  value: string;
  onChange(next: string): void;
  error?: string | undefined;
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <Field {...{ [FIELD_ATTRIBUTE]: name }}>
      <FieldLabel>{label}</FieldLabel>
      {multiline ? (
        <Textarea
          name={name}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          rows={3}
        />
      ) : (
        <Input
          name={name}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete ?? 'off'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {description ? <FieldDescription>{description}</FieldDescription> : null}
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/** A titled part of a config form. */
export function ConfigSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-5 border-t border-base-300 pt-5 first:border-t-0 first:pt-0"
    >
      <div className="flex flex-col gap-1">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {description ? <p className="text-sm text-base-content/70">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The brand's name and domain side by side, as the AEO agent's and monitoring's forms both ask them. */
export function BrandFields({
  form,
  text,
}: {
  form: { bind(field: 'brandName' | 'brandDomain'): BoundField<string> };
  text: { brandName: string; brandDomain: string; brandDomainDescription: string };
}) {
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      <TextField {...form.bind('brandName')} label={text.brandName} autoComplete="organization" />
      <TextField
        {...form.bind('brandDomain')}
        label={text.brandDomain}
        description={text.brandDomainDescription}
        placeholder="example.com"
      />
    </div>
  );
}

/** A whole number typed into a short box, within its limits, bound to one config field. */
export function NumberField({
  name,
  label,
  description,
  value,
  onChange,
  error,
  min,
  max,
}: BoundField<string> & { label: string; description: ReactNode; min: number; max: number }) {
  return (
    <Field {...{ [FIELD_ATTRIBUTE]: name }} className="max-w-md">
      <FieldLabel>{label}</FieldLabel>
      <Input
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-28"
      />
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/** Save, and where the config stands: saved when, unsaved changes, or refused by the last save. */
export function ConfigFormFooter({
  pending,
  dirty,
  savedAt,
  now,
  refused,
  formError,
  confirmation = null,
}: {
  pending: boolean;
  dirty: boolean;
  savedAt: Date | null;
  now: Date;
  /** The last save was refused (by the form's own checks or by the server). */
  refused: boolean;
  /** A message of the server's that belongs to no field. */
  formError: string | null;
  /** Said after a save went through, when the form tells what the save means (else nothing). */
  confirmation?: { title: string; description: string } | null;
}) {
  const status = dirty
    ? CONFIG_FORM_TEXT.unsaved
    : savedAt
      ? CONFIG_FORM_TEXT.saved(formatAgo(savedAt, now))
      : CONFIG_FORM_TEXT.notSavedYet;
  return (
    <div className="flex flex-col gap-3 border-t border-base-300 pt-5">
      {refused ? (
        <Callout
          variant="error"
          title={CONFIG_FORM_TEXT.refusedTitle}
          description={formError ?? CONFIG_FORM_TEXT.refusedDescription}
        />
      ) : confirmation ? (
        <Callout
          variant="success"
          title={confirmation.title}
          description={confirmation.description}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={pending}>
          {CONFIG_FORM_TEXT.save}
        </Button>
        <p role="status" data-slot="config-saved" className="text-sm text-base-content/75">
          {savedAt && !dirty ? <time dateTime={savedAt.toISOString()}>{status}</time> : status}
        </p>
      </div>
    </div>
  );
}

/** The form's place while its data (the catalogue's catalogs and languages, the prompt library) loads. */
export function ConfigFormSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-hidden>
      {[0, 1, 2].map((section) => (
        <div key={section} className="flex flex-col gap-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-72" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}
