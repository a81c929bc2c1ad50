/**
 * The AEO Specialist's config: the brand, who shops with it and how they talk, what they ask about,
 * and which products it rewrites (short and long descriptions, answer-style) in which languages.
 */
import {
  AEO_FIELDS,
  type AeoConfig,
  BRAND_TYPE_LABEL,
  BRAND_TYPES,
  CONFIG_LIMITS,
  emptyConfig,
} from '~/domain/agents/config';
import { PRODUCT_FIELD_LABEL } from '~/domain/products/entities';
import { CheckboxGroup } from '~/ui/components/checkbox-group';
import { ListEditor } from '~/ui/components/list-editor';
import { RadioGroup } from '~/ui/components/radio-group';
import { useConfigForm } from '~/ui/lib/use-config-form';
import { BrandFields, ConfigSection, TextField } from '~/ui/patterns/config-form';
import {
  AgentConfigForm,
  catalogOptions,
  type ConfigFormProps,
  localeOptions,
} from './config-fields';

export const AEO_FORM_TEXT = {
  brand: 'Brand',
  brandName: 'Brand name',
  brandDomain: 'Brand domain',
  brandDomainDescription: 'The domain shoppers type, without https:// — like example.com.',
  brandType: 'Brand type',
  shoppers: 'Shoppers',
  persona: 'Persona',
  personaDescription: 'Who shops with you: who they are and what they need.',
  personaStyle: 'Persona’s conversational style',
  personaStyleDescription: 'How they talk to an AI assistant when they shop.',
  asks: 'What shoppers ask about',
  topProducts: 'Top products',
  topProductsDescription: 'The products assistants should know best, by name.',
  topProduct: (i: number) => `Top product ${i + 1}`,
  addProduct: 'Add product',
  topCategories: 'Top categories',
  topCategory: (i: number) => `Top category ${i + 1}`,
  addCategory: 'Add category',
  searchTerms: 'Search terms',
  searchTermsDescription: 'What shoppers search for on your site and ask assistants.',
  searchTerm: (i: number) => `Search term ${i + 1}`,
  addSearchTerm: 'Add search term',
  starters: 'Conversation starters',
  startersDescription: 'Questions a shopper opens a conversation with.',
  starter: (i: number) => `Conversation starter ${i + 1}`,
  addStarter: 'Add conversation starter',
  products: 'Products',
  catalogs: 'Catalogs',
  catalogsDescription: `The agent rewrites the ${AEO_FIELDS.map((f) => PRODUCT_FIELD_LABEL[f].toLowerCase()).join(' and ')} of these catalogs’ products, answer-style with FAQs.`,
  languages: 'Languages',
  languagesDescription: 'The locales to write in.',
  model: 'Model and guidance',
} as const;

const FIELDS = [
  'brandName',
  'brandDomain',
  'brandType',
  'persona',
  'personaConversationalStyle',
  'topProducts',
  'topCategories',
  'searchTerms',
  'conversationStarters',
  'catalogIds',
  'languages',
  'provider',
  'promptId',
] as const satisfies readonly (keyof AeoConfig)[];

export function AeoConfigForm({
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
}: ConfigFormProps<AeoConfig>) {
  const form = useConfigForm({
    fields: FIELDS,
    initial: saved.config ?? emptyConfig('aeo'),
    savedAt: saved.updatedAt,
    validate,
    serverErrors,
    pending,
    onSubmit,
    onDirtyChange,
  });
  const value = form.value;
  const text = AEO_FORM_TEXT;
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
      <ConfigSection title={text.brand}>
        <BrandFields form={form} text={text} />
        <RadioGroup
          name="brandType"
          legend={text.brandType}
          options={BRAND_TYPES.map((type) => ({ value: type, label: BRAND_TYPE_LABEL[type] }))}
          value={value.brandType}
          onChange={(next) => form.set('brandType', next)}
          error={form.errorOf('brandType')}
        />
      </ConfigSection>

      <ConfigSection title={text.shoppers}>
        <TextField
          name="persona"
          label={text.persona}
          description={text.personaDescription}
          value={value.persona}
          onChange={(next) => form.set('persona', next)}
          error={form.errorOf('persona')}
          multiline
        />
        <TextField
          name="personaConversationalStyle"
          label={text.personaStyle}
          description={text.personaStyleDescription}
          value={value.personaConversationalStyle}
          onChange={(next) => form.set('personaConversationalStyle', next)}
          error={form.errorOf('personaConversationalStyle')}
          multiline
        />
      </ConfigSection>

      <ConfigSection title={text.asks}>
        <div className="grid gap-6 lg:grid-cols-2">
          <ListEditor
            name="topProducts"
            legend={text.topProducts}
            description={text.topProductsDescription}
            items={value.topProducts.map((p) => p.productName)}
            onChange={(names) =>
              form.set(
                'topProducts',
                names.map((productName) => ({ productName })),
              )
            }
            itemLabel={text.topProduct}
            addLabel={text.addProduct}
            max={CONFIG_LIMITS.listItems}
            error={form.errorOf('topProducts')}
          />
          <ListEditor
            name="topCategories"
            legend={text.topCategories}
            items={value.topCategories.map((c) => c.name)}
            onChange={(names) =>
              form.set(
                'topCategories',
                names.map((name) => ({ name })),
              )
            }
            itemLabel={text.topCategory}
            addLabel={text.addCategory}
            max={CONFIG_LIMITS.listItems}
            error={form.errorOf('topCategories')}
          />
          <ListEditor
            name="searchTerms"
            legend={text.searchTerms}
            description={text.searchTermsDescription}
            items={value.searchTerms}
            onChange={(next) => form.set('searchTerms', next)}
            itemLabel={text.searchTerm}
            addLabel={text.addSearchTerm}
            max={CONFIG_LIMITS.searchTerms}
            error={form.errorOf('searchTerms')}
          />
          <ListEditor
            name="conversationStarters"
            legend={text.starters}
            description={text.startersDescription}
            items={value.conversationStarters}
            onChange={(next) => form.set('conversationStarters', next)}
            itemLabel={text.starter}
            addLabel={text.addStarter}
            max={CONFIG_LIMITS.listItems}
            error={form.errorOf('conversationStarters')}
            multiline
          />
        </div>
      </ConfigSection>

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
