/** The product list's filters: each control shows the URL's value and reports a change; the screen writes the URL. */
import { XIcon } from 'lucide-react';
import type { CatalogueFacets } from '~/domain/products/entities';
import type { ProductTypeFilter } from '~/domain/products/search';
import { Button } from '~/ui/components/button';
import { Field, FieldLabel } from '~/ui/components/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/ui/components/select';
import { Switch } from '~/ui/components/switch';
import { TextFilter } from '~/ui/patterns/text-filter';
import { localeLabel } from './format';

export interface ProductFilterValues {
  catalog?: string | undefined;
  categoryId?: string | undefined;
  language: string;
  productType?: ProductTypeFilter | undefined;
  b2cProductId?: string | undefined;
  showOffline: boolean;
}

export const FILTER_TEXT = {
  catalog: 'Catalog',
  allCatalogs: 'All catalogs',
  category: 'Category',
  allCategories: 'All categories',
  language: 'Language',
  productType: 'Product type',
  allTypes: 'All types',
  productId: 'Product ID',
  productIdPlaceholder: 'Starts with…',
  showOffline: 'Show offline',
  clear: 'Clear filters',
} as const;

export const PRODUCT_TYPE_LABEL: Record<ProductTypeFilter, string> = {
  base: 'Base products',
  'variation-group': 'Variation groups',
};

/** Radix Select has no empty value: "all" stands for no filter. */
const ALL = 'all';
/** Whether any filter narrows the list (the language only chooses the names shown). */
export function hasFilters(values: ProductFilterValues): boolean {
  return Boolean(
    values.catalog ||
    values.categoryId ||
    values.productType ||
    values.b2cProductId ||
    values.showOffline,
  );
}

export function ProductFilters({
  values,
  facets,
  onChange,
  onClear,
}: {
  values: ProductFilterValues;
  facets: CatalogueFacets;
  /** A changed filter; `undefined` removes it. */
  onChange: (patch: Partial<ProductFilterValues>) => void;
  onClear: () => void;
}) {
  const categories = facets.categories.filter(
    (c) => !values.catalog || c.catalogId === values.catalog,
  );
  return (
    <div
      data-slot="product-filters"
      role="group"
      aria-label="Filters"
      className="flex flex-wrap items-end gap-4"
    >
      <Field className="w-48">
        <FieldLabel>{FILTER_TEXT.catalog}</FieldLabel>
        <Select
          value={values.catalog ?? ALL}
          onValueChange={(value) =>
            // A category belongs to one catalog: changing the catalog lets go of it.
            onChange({ catalog: value === ALL ? undefined : value, categoryId: undefined })
          }
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{FILTER_TEXT.allCatalogs}</SelectItem>
            {facets.catalogs.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field className="w-48">
        <FieldLabel>{FILTER_TEXT.category}</FieldLabel>
        <Select
          value={values.categoryId ?? ALL}
          onValueChange={(value) => onChange({ categoryId: value === ALL ? undefined : value })}
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{FILTER_TEXT.allCategories}</SelectItem>
            {categories.map((c) => (
              <SelectItem
                key={`${c.catalogId}/${c.id}`}
                value={c.id}
                data-depth={c.depth}
                style={{ paddingLeft: `${0.5 + c.depth}rem` }}
              >
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <LanguageSelect
        value={values.language}
        locales={facets.locales}
        onChange={(language) => onChange({ language })}
      />
      <Field className="w-44">
        <FieldLabel>{FILTER_TEXT.productType}</FieldLabel>
        <Select
          value={values.productType ?? ALL}
          onValueChange={(value) =>
            onChange({ productType: value === ALL ? undefined : (value as ProductTypeFilter) })
          }
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{FILTER_TEXT.allTypes}</SelectItem>
            {(Object.keys(PRODUCT_TYPE_LABEL) as ProductTypeFilter[]).map((type) => (
              <SelectItem key={type} value={type}>
                {PRODUCT_TYPE_LABEL[type]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <TextFilter
        value={values.b2cProductId}
        onChange={(b2cProductId) => onChange({ b2cProductId })}
        label={FILTER_TEXT.productId}
        searchLabel="Find a product by ID"
        placeholder={FILTER_TEXT.productIdPlaceholder}
        className="w-52"
      />
      <Field orientation="horizontal" className="h-10">
        <Switch
          checked={values.showOffline}
          onCheckedChange={(checked) => onChange({ showOffline: checked })}
        />
        <FieldLabel>{FILTER_TEXT.showOffline}</FieldLabel>
      </Field>
      <Button variant="ghost" onClick={onClear} disabled={!hasFilters(values)}>
        <XIcon aria-hidden />
        {FILTER_TEXT.clear}
      </Button>
    </div>
  );
}

/** The language names and fields are shown in: `default` and every locale the copy has. */
export function LanguageSelect({
  value,
  locales,
  onChange,
}: {
  value: string;
  locales: readonly string[];
  onChange: (language: string) => void;
}) {
  // A language from the URL that the copy does not have yet still shows as chosen.
  const options = locales.includes(value) ? locales : [...locales, value];
  return (
    <Field className="w-36">
      <FieldLabel>{FILTER_TEXT.language}</FieldLabel>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((locale) => (
            <SelectItem key={locale} value={locale}>
              {localeLabel(locale)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
