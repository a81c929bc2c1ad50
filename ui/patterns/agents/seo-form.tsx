/** The SEO Specialist's config: which catalogs, which of the five SEO fields, which languages, which model. */
import { emptyConfig, SEO_FIELDS, type SeoConfig } from '~/domain/agents/config';
import { ConfigSection } from '~/ui/patterns/config-form';
import {
  AgentConfigForm,
  CatalogsField,
  type ConfigFormProps,
  LanguagesField,
  ProductFieldsField,
  useAgentConfigForm,
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

export function SeoConfigForm(props: ConfigFormProps<SeoConfig>) {
  const form = useAgentConfigForm(props, FIELDS, () => emptyConfig('seo'));
  const text = SEO_FORM_TEXT;
  return (
    <AgentConfigForm {...props} form={form} modelTitle={text.model}>
      <ConfigSection title={text.products}>
        <CatalogsField
          {...form.bind('catalogIds')}
          legend={text.catalogs}
          description={text.catalogsDescription}
          catalogs={props.facets.catalogs}
        />
      </ConfigSection>

      <ConfigSection title={text.content}>
        <ProductFieldsField
          {...form.bind('fields')}
          legend={text.fields}
          description={text.fieldsDescription}
          fields={SEO_FIELDS}
        />
        <LanguagesField
          {...form.bind('languages')}
          legend={text.languages}
          description={text.languagesDescription}
          locales={props.facets.locales}
        />
      </ConfigSection>
    </AgentConfigForm>
  );
}
