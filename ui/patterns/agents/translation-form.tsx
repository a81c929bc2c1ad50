/** The Localization Manager's config: from which language into which, which fields, which products, which model. */
import { useState } from 'react';
import {
  emptyConfig,
  FILTER_BY,
  type FilterBy,
  TRANSLATION_FIELDS,
  type TranslationConfig,
} from '~/domain/agents/config';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { OptionsSelect } from '~/ui/components/select';
import { Switch } from '~/ui/components/switch';
import { Textarea } from '~/ui/components/textarea';
import { CheckboxGroup } from '~/ui/components/checkbox-group';
import { RadioGroup } from '~/ui/components/radio-group';
import { FIELD_ATTRIBUTE } from '~/ui/lib/use-config-form';
import { ConfigSection } from '~/ui/patterns/config-form';
import {
  AgentConfigForm,
  catalogOptions,
  categoryOptions,
  type ConfigFormProps,
  LanguagesField,
  ProductFieldsField,
  useAgentConfigForm,
} from './config-fields';
import { localeLabel, parseProductIds, productIdCount } from './format';

export const TRANSLATION_FORM_TEXT = {
  languages: 'Languages',
  sourceLocale: 'Source language',
  sourceLocaleDescription:
    'The locale translated from. Default is the value products have without a locale.',
  targetLanguages: 'Target languages',
  targetLanguagesDescription: 'The locales to write translations into.',
  content: 'Content',
  fields: 'Fields',
  fieldsDescription: 'The localized fields to translate.',
  products: 'Products',
  filterBy: 'Work on',
  filterByLabel: { catalog: 'By catalog', product: 'By product' } satisfies Record<
    FilterBy,
    string
  >,
  filterByDetail: {
    catalog: 'The products of whole catalogs, or of some of their categories',
    product: 'A list of product IDs',
  } satisfies Record<FilterBy, string>,
  catalogs: 'Catalogs',
  categories: 'Categories (optional)',
  categoriesDescription:
    'Leave all unchecked for the whole catalogs. A category includes its subcategories.',
  categoriesEmpty: 'Choose a catalog to narrow it to some of its categories.',
  productIds: 'Product IDs',
  productIdsDescription: 'One a line, or separated by commas.',
  variationGroups: 'Also translate variation groups',
  variationGroupsDescription:
    'Masters and standalone products are always translated; variation groups have their own names and descriptions.',
  model: 'Model and guidance',
} as const;

const FIELDS = [
  'sourceLocale',
  'languages',
  'fields',
  'filterBy',
  'catalogIds',
  'categoryIds',
  'productIds',
  'productTypes',
  'provider',
  'promptId',
] as const satisfies readonly (keyof TranslationConfig)[];

export function TranslationConfigForm(props: ConfigFormProps<TranslationConfig>) {
  const form = useAgentConfigForm(props, FIELDS, () => emptyConfig('translation'));
  const value = form.value;
  const text = TRANSLATION_FORM_TEXT;
  const sources = props.facets.locales.includes(value.sourceLocale)
    ? props.facets.locales
    : [...props.facets.locales, value.sourceLocale];

  return (
    <AgentConfigForm {...props} form={form} modelTitle={text.model}>
      <ConfigSection title={text.languages}>
        <Field {...{ [FIELD_ATTRIBUTE]: 'sourceLocale' }}>
          <FieldLabel>{text.sourceLocale}</FieldLabel>
          <OptionsSelect
            value={value.sourceLocale}
            onValueChange={(next) => {
              form.set('sourceLocale', next);
              // The source cannot be a target too.
              if (value.languages.includes(next))
                form.set(
                  'languages',
                  value.languages.filter((l) => l !== next),
                );
            }}
            trigger={{ className: 'max-w-xs' }}
            options={sources.map((locale) => ({ value: locale, label: localeLabel(locale) }))}
          />
          <FieldDescription>{text.sourceLocaleDescription}</FieldDescription>
          <FieldError>{form.errorOf('sourceLocale')}</FieldError>
        </Field>
        <LanguagesField
          {...form.bind('languages')}
          legend={text.targetLanguages}
          description={text.targetLanguagesDescription}
          locales={props.facets.locales.filter((l) => l !== value.sourceLocale)}
        />
      </ConfigSection>

      <ConfigSection title={text.content}>
        <ProductFieldsField
          {...form.bind('fields')}
          legend={text.fields}
          description={text.fieldsDescription}
          fields={TRANSLATION_FIELDS}
        />
      </ConfigSection>

      <ConfigSection title={text.products}>
        <RadioGroup
          {...form.bind('filterBy')}
          legend={text.filterBy}
          options={FILTER_BY.map((by) => ({
            value: by,
            label: text.filterByLabel[by],
            detail: text.filterByDetail[by],
          }))}
        />
        {value.filterBy === 'catalog' ? (
          <>
            <CheckboxGroup
              name="catalogIds"
              legend={text.catalogs}
              options={catalogOptions(props.facets.catalogs, value.catalogIds)}
              value={value.catalogIds}
              onChange={(next) => {
                form.set('catalogIds', next);
                // Categories of a catalog no longer chosen go with it.
                const inScope = new Set(
                  props.facets.categories
                    .filter((c) => next.includes(c.catalogId))
                    .map((c) => c.id),
                );
                if (value.categoryIds.some((id) => !inScope.has(id)))
                  form.set(
                    'categoryIds',
                    value.categoryIds.filter((id) => inScope.has(id)),
                  );
              }}
              error={form.errorOf('catalogIds')}
              columns={2}
            />
            <CheckboxGroup
              {...form.bind('categoryIds')}
              legend={text.categories}
              description={text.categoriesDescription}
              options={categoryOptions(
                props.facets.categories,
                value.catalogIds,
                value.categoryIds,
              )}
              columns={2}
              empty={text.categoriesEmpty}
            />
          </>
        ) : (
          <ProductIdsField
            ids={value.productIds}
            onChange={(ids) => form.set('productIds', ids)}
            error={form.errorOf('productIds')}
          />
        )}
        <Field orientation="horizontal" {...{ [FIELD_ATTRIBUTE]: 'productTypes' }}>
          <Switch
            checked={value.productTypes?.includes('variation-group') ?? false}
            onCheckedChange={(checked) =>
              form.set('productTypes', checked ? ['variation-group'] : undefined)
            }
          />
          <FieldLabel>{text.variationGroups}</FieldLabel>
          <FieldDescription>{text.variationGroupsDescription}</FieldDescription>
          <FieldError>{form.errorOf('productTypes')}</FieldError>
        </Field>
      </ConfigSection>
    </AgentConfigForm>
  );
}

/**
 * Product IDs as typed or pasted: the text stays as written while the config keeps the parsed list;
 * the count says how many IDs were read.
 */
function ProductIdsField({
  ids,
  onChange,
  error,
}: {
  ids: readonly string[];
  onChange(ids: string[]): void;
  error: string | undefined;
}) {
  const [typed, setTyped] = useState(() => ids.join('\n'));
  // A list set from outside (a save, a reset) replaces the text.
  if (parseProductIds(typed).join('\n') !== ids.join('\n')) setTyped(ids.join('\n'));
  return (
    <Field {...{ [FIELD_ATTRIBUTE]: 'productIds' }}>
      <FieldLabel>{TRANSLATION_FORM_TEXT.productIds}</FieldLabel>
      <Textarea
        value={typed}
        rows={5}
        className="max-w-md font-mono"
        onChange={(event) => {
          setTyped(event.target.value);
          onChange(parseProductIds(event.target.value));
        }}
      />
      <FieldDescription>
        {TRANSLATION_FORM_TEXT.productIdsDescription}{' '}
        <span data-slot="product-id-count">{productIdCount(ids.length)}</span>
      </FieldDescription>
      <FieldError>{error}</FieldError>
    </Field>
  );
}
