/**
 * What only the agents' config forms have: the model choice with each model's price, the
 * house-guidance prompt, catalogs, categories and languages as checkbox options, and the form around
 * an agent's own sections (the model section and the save footer). The controls and the rest of the
 * form are shared (ui/components, ui/patterns/config-form).
 */
import type { FormEvent, ReactNode, Ref } from 'react';
import {
  AI_MODELS,
  AI_PROVIDER_NAMES,
  AI_PROVIDERS,
  type AiProvider,
  MODEL_PRICES,
} from '~/domain/ai/models';
import {
  type CatalogSummary,
  type CatalogueFacets,
  type CategorySummary,
  PRODUCT_FIELD_LABEL,
  type ProductField,
} from '~/domain/products/entities';
import type { Prompt } from '~/domain/prompts/entities';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { CheckboxGroup } from '~/ui/components/checkbox-group';
import { RadioGroup } from '~/ui/components/radio-group';
import { OptionsSelect } from '~/ui/components/select';
import { type ConfigFormErrors, FIELD_ATTRIBUTE, useConfigForm } from '~/ui/lib/use-config-form';
import { type BoundField, ConfigFormFooter, ConfigSection } from '~/ui/patterns/config-form';
import { formatPrice, localeLabel } from './format';

/** What the screen gives an agent's config form. */
export interface ConfigFormProps<C extends object> {
  /** The agent's catalogue name: the form is labelled with it. */
  agentName: string;
  saved: { config: C | null; updatedAt: Date | null };
  facets: CatalogueFacets;
  prompts: readonly Prompt[];
  /** The clock "Saved 2 minutes ago" is read against. */
  now: Date;
  /** The save procedure's own schema, field by field. */
  validate(value: C): Partial<Record<string, string>>;
  /** Called with the values once they pass `validate`. */
  onSubmit(value: C): void;
  pending: boolean;
  serverErrors: ConfigFormErrors<string> | null;
  onDirtyChange(dirty: boolean): void;
}

export const AGENT_CONFIG_TEXT = {
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
} as const;

/** Radix Select has no empty value: this stands for "no prompt". */
const NO_PROMPT = 'none';

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
      legend={AGENT_CONFIG_TEXT.model}
      description={AGENT_CONFIG_TEXT.modelDescription}
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
            {AGENT_CONFIG_TEXT.perMillion(provider)}
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
      <FieldLabel>{AGENT_CONFIG_TEXT.guidance}</FieldLabel>
      <OptionsSelect
        value={value ?? NO_PROMPT}
        onValueChange={(next) => onChange(next === NO_PROMPT ? null : next)}
        trigger={{ className: 'max-w-md' }}
        options={[
          { value: NO_PROMPT, label: AGENT_CONFIG_TEXT.guidanceNone },
          ...(gone && value ? [{ value, label: AGENT_CONFIG_TEXT.guidanceGone }] : []),
          ...prompts.map((prompt) => ({ value: prompt.id, label: prompt.name })),
        ]}
      />
      <FieldDescription>
        {chosen ? <q className="italic">{chosen.text}</q> : AGENT_CONFIG_TEXT.guidanceDescription}
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
      .map((locale) => ({ value: locale, label: locale, tag: AGENT_CONFIG_TEXT.notOnInstance })),
  ];
}

/** The catalogs whose products the agent works on, two columns of them. */
export function CatalogsField({
  catalogs,
  legend,
  description,
  ...bound
}: BoundField<string[]> & {
  catalogs: readonly CatalogSummary[];
  legend: string;
  description?: string;
}) {
  return (
    <CheckboxGroup
      {...bound}
      legend={legend}
      description={description}
      options={catalogOptions(catalogs, bound.value)}
      columns={2}
    />
  );
}

/** The locales the agent writes in, three columns of them. */
export function LanguagesField({
  locales,
  legend,
  description,
  ...bound
}: BoundField<string[]> & { locales: readonly string[]; legend: string; description: string }) {
  return (
    <CheckboxGroup
      {...bound}
      legend={legend}
      description={description}
      options={localeOptions(locales, bound.value)}
      columns={3}
    />
  );
}

/** The product fields an agent may write, by their Business Manager label and OCAPI name. */
export function ProductFieldsField<F extends ProductField>({
  fields,
  legend,
  description,
  ...bound
}: BoundField<F[]> & { fields: readonly F[]; legend: string; description: string }) {
  return (
    <CheckboxGroup
      {...bound}
      legend={legend}
      description={description}
      options={fields.map((field) => ({
        value: field,
        label: PRODUCT_FIELD_LABEL[field],
        detail: <code className="font-mono">{field}</code>,
      }))}
      columns={3}
    />
  );
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
        tag: AGENT_CONFIG_TEXT.notOnInstance,
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
      .map((id) => ({ value: id, label: id, tag: AGENT_CONFIG_TEXT.notOnInstance })),
  ];
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

/** An agent's form state over what the screen gives: its saved config (else `empty`) and its fields. */
export function useAgentConfigForm<C extends ModelFields, F extends keyof C & string>(
  { saved, validate, serverErrors, pending, onSubmit, onDirtyChange }: ConfigFormProps<C>,
  fields: readonly F[],
  empty: () => C,
) {
  return useConfigForm({
    fields,
    initial: saved.config ?? empty(),
    savedAt: saved.updatedAt,
    validate,
    serverErrors,
    pending,
    onSubmit,
    onDirtyChange,
  });
}

/**
 * Every agent's config form around its own sections: the labelled form element, then the model
 * section and the save footer, which the three agents share. Takes the screen's props as they are.
 */
export function AgentConfigForm<C extends ModelFields>({
  agentName,
  form,
  prompts,
  pending,
  saved,
  now,
  serverErrors,
  modelTitle,
  children,
}: Pick<ConfigFormProps<C>, 'agentName' | 'prompts' | 'pending' | 'saved' | 'now'> & {
  form: SectionForm<C> & {
    formRef: Ref<HTMLFormElement>;
    submit(event: FormEvent<HTMLFormElement>): void;
    dirty: boolean;
    invalidFields: readonly string[];
  };
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
        savedAt={saved.updatedAt}
        now={now}
        refused={form.invalidFields.length > 0 || Boolean(serverErrors?.form)}
        formError={serverErrors?.form ?? null}
      />
    </form>
  );
}
