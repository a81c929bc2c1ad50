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
import { ListEditor } from '~/ui/components/list-editor';
import { RadioGroup } from '~/ui/components/radio-group';
import { BrandFields, ConfigSection, TextField } from '~/ui/patterns/config-form';
import {
  AgentConfigForm,
  CatalogsField,
  type ConfigFormProps,
  LanguagesField,
  useAgentConfigForm,
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

export function AeoConfigForm(props: ConfigFormProps<AeoConfig>) {
  const form = useAgentConfigForm(props, FIELDS, () => emptyConfig('aeo'));
  const value = form.value;
  const text = AEO_FORM_TEXT;
  return (
    <AgentConfigForm {...props} form={form} modelTitle={text.model}>
      <ConfigSection title={text.brand}>
        <BrandFields form={form} text={text} />
        <RadioGroup
          {...form.bind('brandType')}
          legend={text.brandType}
          options={BRAND_TYPES.map((type) => ({ value: type, label: BRAND_TYPE_LABEL[type] }))}
        />
      </ConfigSection>

      <ConfigSection title={text.shoppers}>
        <TextField
          {...form.bind('persona')}
          label={text.persona}
          description={text.personaDescription}
          multiline
        />
        <TextField
          {...form.bind('personaConversationalStyle')}
          label={text.personaStyle}
          description={text.personaStyleDescription}
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
        <CatalogsField
          {...form.bind('catalogIds')}
          legend={text.catalogs}
          description={text.catalogsDescription}
          catalogs={props.facets.catalogs}
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
