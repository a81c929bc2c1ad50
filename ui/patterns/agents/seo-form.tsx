/** The SEO Specialist's config: which catalogs, which of the five SEO fields, which languages, which model. */
import { emptyConfig, SEO_FIELDS, type SeoConfig } from '~/domain/agents/config';
import { PRODUCT_FIELD_LABEL } from '~/domain/products/entities';
import { CheckboxGroup } from '~/ui/components/checkbox-group';
import { useConfigForm } from '~/ui/lib/use-config-form';
import { ConfigSection } from '~/ui/patterns/config-form';
import {
  AgentConfigForm,
  catalogOptions,
  type ConfigFormProps,
  localeOptions,
} from './config-fields';

export const SEO_FORM_TEXT = {
  products: 'Products',
  catalogs: 'Catalogs',
  catalogsDescription: 'The agent improves every product of these catalogs.',
  content: 'Content',
  fields: 'SEO fields',
  fieldsDescription: 'The fields to improve, by their Business Manager label and OCAPI name.',
  languages: 'Languages',
  languagesDescription: 'The locales to write the fields in.',
  model: 'Model and guidance',
} as const;

const FIELDS = [
  'catalogIds',
  'fields',
  'languages',
  'provider',
  'promptId',
] as const satisfies readonly (keyof SeoConfig)[];

export function SeoConfigForm({
  agentName,
  saved,
  facets,
  prompts,
  now,
  validate,
  onSubmit,
  pending,
  serverErrors,
  onDirtyChange,
}: ConfigFormProps<SeoConfig>) {
  const form = useConfigForm({
    fields: FIELDS,
    initial: saved.config ?? emptyConfig('seo'),
    savedAt: saved.updatedAt,
    validate,
    serverErrors,
    pending,
    onSubmit,
    onDirtyChange,
  });
  const value = form.value;
  const text = SEO_FORM_TEXT;
  return (
    <AgentConfigForm
      agentName={agentName}
      form={form}
      prompts={prompts}
      pending={pending}
      savedAt={saved.updatedAt}
      now={now}
      serverErrors={serverErrors}
      modelTitle={text.model}
    >
      <ConfigSection title={text.products}>
        <CheckboxGroup
          name="catalogIds"
          legend={text.catalogs}
          description={text.catalogsDescription}
          options={catalogOptions(facets.catalogs, value.catalogIds)}
          value={value.catalogIds}
          onChange={(next) => form.set('catalogIds', next)}
          error={form.errorOf('catalogIds')}
          columns={2}
        />
      </ConfigSection>

      <ConfigSection title={text.content}>
        <CheckboxGroup
          name="fields"
          legend={text.fields}
          description={text.fieldsDescription}
          options={SEO_FIELDS.map((field) => ({
            value: field,
            label: PRODUCT_FIELD_LABEL[field],
            detail: <code className="font-mono">{field}</code>,
          }))}
          value={value.fields}
          onChange={(next) => form.set('fields', next)}
          error={form.errorOf('fields')}
          columns={3}
        />
        <CheckboxGroup
          name="languages"
          legend={text.languages}
          description={text.languagesDescription}
          options={localeOptions(facets.locales, value.languages)}
          value={value.languages}
          onChange={(next) => form.set('languages', next)}
          error={form.errorOf('languages')}
          columns={3}
        />
      </ConfigSection>
    </AgentConfigForm>
  );
}
