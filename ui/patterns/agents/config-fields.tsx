/**
 * The controls every agent's config form is made of: checkbox and radio groups with one error under
 * the group, the model choice with each model's price, the house-guidance prompt, add/remove lists,
 * and the form's footer (Save, when it was saved, what was refused).
 */
import { PlusIcon, XIcon } from 'lucide-react';
import {
  type FormEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import {
  AI_MODELS,
  AI_PROVIDER_NAMES,
  AI_PROVIDERS,
  type AiProvider,
  MODEL_PRICES,
} from '~/domain/ai/models';
import type { CatalogSummary, CategorySummary } from '~/domain/products/entities';
import type { Prompt } from '~/domain/prompts/entities';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Checkbox } from '~/ui/components/checkbox';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/ui/components/select';
import { Skeleton } from '~/ui/components/skeleton';
import { Textarea } from '~/ui/components/textarea';
import { cn } from '~/ui/lib/cn';
import { formatAgo, formatPrice, localeLabel } from './format';
import { FIELD_ATTRIBUTE } from '~/ui/lib/use-config-form';

export const CONFIG_FORM_TEXT = {
  save: 'Save configuration',
  notSavedYet: 'Not saved yet',
  unsaved: 'Unsaved changes',
  saved: (ago: string) => `Saved ${ago}`,
  refusedTitle: 'Configuration not saved',
  refusedDescription: 'Correct the fields marked above. Nothing was saved.',
  loadFailedTitle: 'Could not load the catalogue’s catalogs and languages',
  model: 'Model',
  modelDescription:
    'Every call of a run goes to this model; a run’s estimate and cost use its price.',
  perMillion: (provider: AiProvider) => {
    const price = MODEL_PRICES[AI_MODELS[provider]];
    return `${formatPrice(price.inputPerMillion)} input / ${formatPrice(price.outputPerMillion)} output per million tokens`;
  },
  guidance: 'House guidance',
  guidanceNone: 'None',
  guidanceGone: 'A prompt no longer in the library',
  guidanceDescription:
    'Optional: a prompt from your library (Settings → Prompts) added to the agent’s instructions.',
  notOnInstance: 'Not on the instance',
  remove: (what: string) => `Remove ${what}`,
} as const;

/** Radix Select has no empty value: this stands for "no prompt". */
const NO_PROMPT = 'none';

/** A group of controls with one legend, one description and one error (role=alert) under it. */
export function ChoiceFieldset({
  name,
  legend,
  description,
  error,
  children,
  className,
}: {
  /** The config field: focus finds the group by it. */
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      {...{ [FIELD_ATTRIBUTE]: name }}
      aria-describedby={describedBy || undefined}
      data-invalid={error ? true : undefined}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      {description ? (
        <p id={`${id}-description`} className="-mt-1 text-sm text-base-content/70">
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface CheckboxOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A second line under the label, e.g. the field's OCAPI name. */
  detail?: ReactNode;
  /** A badge after the label, e.g. "Not on the instance". */
  tag?: ReactNode;
  /** Indent level, for categories under their parents. */
  depth?: number;
}

/** Several values from a list: each a labelled checkbox, the whole group one field. */
export function CheckboxGroup<V extends string>({
  name,
  legend,
  description,
  options,
  value,
  onChange,
  error,
  columns = 1,
  empty,
}: {
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly CheckboxOption<V>[];
  value: readonly V[];
  onChange(next: V[]): void;
  error?: string | undefined;
  columns?: 1 | 2 | 3;
  /** Shown instead of the list when there is nothing to choose from. */
  empty?: ReactNode;
}) {
  // A refused entry the catalogue copy no longer has is what the error is about, when there is one.
  const stale = options.some((o) => o.tag);
  const invalid = (option: CheckboxOption<V>) => Boolean(error) && (!stale || Boolean(option.tag));
  const toggle = (option: V, checked: boolean) =>
    onChange(
      checked
        ? options.map((o) => o.value).filter((v) => v === option || value.includes(v))
        : value.filter((v) => v !== option),
    );
  return (
    <ChoiceFieldset name={name} legend={legend} description={description} error={error}>
      {options.length === 0 && empty ? (
        <p className="text-sm text-base-content/70">{empty}</p>
      ) : (
        <ul
          className={cn(
            'grid gap-x-6 gap-y-2.5',
            columns === 2 && 'sm:grid-cols-2',
            columns === 3 && 'sm:grid-cols-3',
          )}
        >
          {options.map((option) => (
            <li key={option.value} style={{ paddingLeft: `${(option.depth ?? 0) * 1.5}rem` }}>
              <Field orientation="horizontal" className="items-start">
                <Checkbox
                  className="mt-0.5"
                  checked={value.includes(option.value)}
                  onCheckedChange={(checked) => toggle(option.value, checked === true)}
                  aria-invalid={invalid(option) || undefined}
                />
                <span className="flex flex-wrap items-center gap-2">
                  <FieldLabel className="leading-5">{option.label}</FieldLabel>
                  {option.tag ? <Badge variant="warning">{option.tag}</Badge> : null}
                </span>
                {option.detail ? (
                  <FieldDescription className="text-xs">{option.detail}</FieldDescription>
                ) : null}
              </Field>
            </li>
          ))}
        </ul>
      )}
    </ChoiceFieldset>
  );
}

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  detail?: ReactNode;
}

/** One value from a few: native radios in a fieldset, each option a bordered choice. */
export function RadioGroup<V extends string>({
  name,
  legend,
  description,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly RadioOption<V>[];
  value: V;
  onChange(next: V): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <ChoiceFieldset name={name} legend={legend} description={description} error={error}>
      <div className="grid gap-2 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 p-3 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-primary"
            >
              <input
                id={optionId}
                type="radio"
                name={`${id}-${name}`}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.detail ? `${optionId}-detail` : undefined}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span id={`${optionId}-label`} className="font-medium">
                  {option.label}
                </span>
                {option.detail ? (
                  <span id={`${optionId}-detail`} className="text-xs text-base-content/70">
                    {option.detail}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}

/** The three providers by the names people know, each with its model id and price. */
export function ModelChoice({
  value,
  onChange,
  error,
}: {
  value: AiProvider;
  onChange(next: AiProvider): void;
  error?: string | undefined;
}) {
  return (
    <RadioGroup
      name="provider"
      legend={CONFIG_FORM_TEXT.model}
      description={CONFIG_FORM_TEXT.modelDescription}
      value={value}
      onChange={onChange}
      error={error}
      options={AI_PROVIDERS.map((provider) => ({
        value: provider,
        label: AI_PROVIDER_NAMES[provider],
        detail: (
          <>
            <code className="font-mono">{AI_MODELS[provider]}</code>
            <br />
            {CONFIG_FORM_TEXT.perMillion(provider)}
          </>
        ),
      }))}
    />
  );
}

/** The optional prompt from the org's library that the agent follows as house guidance. */
export function GuidanceSelect({
  prompts,
  value,
  onChange,
  error,
}: {
  prompts: readonly Prompt[];
  value: string | null | undefined;
  onChange(next: string | null): void;
  error?: string | undefined;
}) {
  const chosen = prompts.find((p) => p.id === value) ?? null;
  const gone = Boolean(value) && !chosen;
  return (
    <Field {...{ [FIELD_ATTRIBUTE]: 'promptId' }}>
      <FieldLabel>{CONFIG_FORM_TEXT.guidance}</FieldLabel>
      <Select
        value={value ?? NO_PROMPT}
        onValueChange={(next) => onChange(next === NO_PROMPT ? null : next)}
      >
        <SelectTrigger className="max-w-md">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_PROMPT}>{CONFIG_FORM_TEXT.guidanceNone}</SelectItem>
          {gone && value ? (
            <SelectItem value={value}>{CONFIG_FORM_TEXT.guidanceGone}</SelectItem>
          ) : null}
          {prompts.map((prompt) => (
            <SelectItem key={prompt.id} value={prompt.id}>
              {prompt.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldDescription>
        {chosen ? <q className="italic">{chosen.text}</q> : CONFIG_FORM_TEXT.guidanceDescription}
      </FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}

/** Locales as checkboxes, "Default" for OCAPI's fallback locale. */
export function localeOptions(locales: readonly string[], chosen: readonly string[] = []) {
  const known = new Set(locales);
  return [
    ...locales.map((locale) => ({ value: locale, label: localeLabel(locale) })),
    // A language saved earlier that the catalogue copy no longer has stays visible, marked.
    ...chosen
      .filter((locale) => !known.has(locale))
      .map((locale) => ({ value: locale, label: locale, tag: CONFIG_FORM_TEXT.notOnInstance })),
  ];
}

/** Catalogs by name with their id; a saved catalog the instance no longer has stays, marked. */
export function catalogOptions(catalogs: readonly CatalogSummary[], chosen: readonly string[]) {
  const known = new Set(catalogs.map((c) => c.id));
  return [
    ...catalogs.map((catalog) => ({
      value: catalog.id,
      label: catalog.name,
      detail: (
        <>
          <code className="font-mono">{catalog.id}</code>
          {catalog.isMaster ? ' · master catalog' : ' · storefront catalog'}
        </>
      ),
    })),
    ...chosen
      .filter((id) => !known.has(id))
      .map((id) => ({
        value: id,
        label: id,
        tag: CONFIG_FORM_TEXT.notOnInstance,
      })),
  ];
}

/** The categories of the chosen catalogs, each under its parent (the facets come in tree order). */
export function categoryOptions(
  categories: readonly CategorySummary[],
  catalogIds: readonly string[],
  chosen: readonly string[],
) {
  const inScope = categories.filter((c) => catalogIds.includes(c.catalogId));
  const known = new Set(inScope.map((c) => c.id));
  return [
    ...inScope.map((category) => ({
      value: category.id,
      label: category.name,
      depth: category.depth,
    })),
    ...chosen
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: id, tag: CONFIG_FORM_TEXT.notOnInstance })),
  ];
}

/**
 * A list the user grows and shrinks: one text box a row with its Remove button, and Add. A new row
 * takes focus; removing a row gives focus to the row that takes its place (or Add).
 */
export function ListEditor({
  name,
  legend,
  description,
  items,
  onChange,
  itemLabel,
  addLabel,
  placeholder,
  max,
  error,
  multiline = false,
}: {
  name: string;
  legend: string;
  description?: ReactNode;
  items: readonly string[];
  onChange(next: string[]): void;
  /** How a row is named to assistive tech, e.g. "Top product 2". */
  itemLabel(index: number): string;
  addLabel: string;
  placeholder?: string;
  max: number;
  error?: string | undefined;
  multiline?: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const rows = list.current?.querySelectorAll<HTMLElement>('input, textarea') ?? [];
    (rows[focusRow] ?? addButton.current)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const change = (index: number, next: string) =>
    onChange(items.map((v, i) => (i === index ? next : v)));
  const rowProps = (index: number, item: string) => ({
    'aria-label': itemLabel(index),
    value: item,
    placeholder,
    // An empty row is what the error is about while the list has one.
    'aria-invalid': error && item.trim() === '' ? true : undefined,
  });

  return (
    <ChoiceFieldset name={name} legend={legend} description={description} error={error}>
      {items.length > 0 ? (
        <ol ref={list} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <li key={index} className="flex items-start gap-2">
              {multiline ? (
                <Textarea
                  {...rowProps(index, item)}
                  rows={2}
                  onChange={(event) => change(index, event.target.value)}
                />
              ) : (
                <Input
                  {...rowProps(index, item)}
                  onChange={(event) => change(index, event.target.value)}
                />
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={CONFIG_FORM_TEXT.remove(itemLabel(index))}
                onClick={() => {
                  onChange(items.filter((_, i) => i !== index));
                  setFocusRow(Math.min(index, items.length - 2));
                }}
              >
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={items.length >= max}
          onClick={() => {
            onChange([...items, '']);
            setFocusRow(items.length);
          }}
        >
          <PlusIcon aria-hidden />
          {addLabel}
        </Button>
      </div>
    </ChoiceFieldset>
  );
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
  form: {
    value: { brandName: string; brandDomain: string };
    set(field: 'brandName' | 'brandDomain', next: string): void;
    errorOf(field: 'brandName' | 'brandDomain'): string | undefined;
  };
  text: { brandName: string; brandDomain: string; brandDomainDescription: string };
}) {
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      <TextField
        name="brandName"
        label={text.brandName}
        value={form.value.brandName}
        onChange={(next) => form.set('brandName', next)}
        error={form.errorOf('brandName')}
        autoComplete="organization"
      />
      <TextField
        name="brandDomain"
        label={text.brandDomain}
        description={text.brandDomainDescription}
        value={form.value.brandDomain}
        onChange={(next) => form.set('brandDomain', next)}
        error={form.errorOf('brandDomain')}
        placeholder="example.com"
      />
    </div>
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

/** The form's place while the catalogue's catalogs and languages and the prompt library load. */
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

/** What every agent's config has in common: the model its runs ask and optional house guidance. */
interface ModelFields {
  provider: AiProvider;
  promptId?: string | null | undefined;
}

/** The form state a shared section reads and writes (what useConfigForm returns). */
interface SectionForm<C extends ModelFields> {
  value: C;
  set<K extends keyof ModelFields>(field: K, next: C[K]): void;
  errorOf(field: keyof ModelFields): string | undefined;
}

/** Every agent form's last section: the model, then the prompt library's guidance. */
export function ModelSection<C extends ModelFields>({
  title,
  form,
  prompts,
}: {
  title: string;
  form: SectionForm<C>;
  prompts: readonly Prompt[];
}) {
  return (
    <ConfigSection title={title}>
      <ModelChoice
        value={form.value.provider}
        onChange={(next) => form.set('provider', next as C['provider'])}
        error={form.errorOf('provider')}
      />
      <GuidanceSelect
        prompts={prompts}
        value={form.value.promptId}
        onChange={(next) => form.set('promptId', next as C['promptId'])}
        error={form.errorOf('promptId')}
      />
    </ConfigSection>
  );
}

/**
 * Every agent's config form around its own sections: the labelled form element, then the model
 * section and the save footer, which the three agents share.
 */
export function AgentConfigForm<C extends ModelFields>({
  agentName,
  form,
  prompts,
  pending,
  savedAt,
  now,
  serverErrors,
  modelTitle,
  children,
}: {
  agentName: string;
  form: SectionForm<C> & {
    formRef: Ref<HTMLFormElement>;
    submit(event: FormEvent<HTMLFormElement>): void;
    dirty: boolean;
    invalidFields: readonly string[];
  };
  prompts: readonly Prompt[];
  pending: boolean;
  savedAt: Date | null;
  now: Date;
  serverErrors: { form?: string | null | undefined } | null;
  modelTitle: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      aria-label={`${agentName} configuration`}
      noValidate
      onSubmit={form.submit}
      className="flex flex-col gap-6"
    >
      {children}
      <ModelSection title={modelTitle} form={form} prompts={prompts} />
      <ConfigFormFooter
        pending={pending}
        dirty={form.dirty}
        savedAt={savedAt}
        now={now}
        refused={form.invalidFields.length > 0 || Boolean(serverErrors?.form)}
        formError={serverErrors?.form ?? null}
      />
    </form>
  );
}
