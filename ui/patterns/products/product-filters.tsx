/** The product list's filters on the filter bar: catalog, category, language, type, ID, offline. */
import type { CatalogueFacets } from '~/domain/products/entities';
import type { ProductTypeFilter } from '~/domain/products/search';
import {
  FILTER_BAR_TEXT,
  FilterBar,
  labelledOptions,
  narrowsList,
  ProductIdAndOfflineFilters,
  SelectFilter,
} from '~/ui/patterns/filter-bar';
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
  productId: FILTER_BAR_TEXT.productId,
  productIdPlaceholder: 'Starts with…',
  showOffline: FILTER_BAR_TEXT.showOffline,
} as const;

export const PRODUCT_TYPE_LABEL: Record<ProductTypeFilter, string> = {
  base: 'Base products',
  'variation-group': 'Variation groups',
};

/** Whether any filter narrows the list (the language only chooses the names shown). */
export function hasFilters(values: ProductFilterValues): boolean {
  return narrowsList(values, {
    catalog: undefined,
    categoryId: undefined,
    productType: undefined,
    b2cProductId: undefined,
    showOffline: false,
  });
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
    <FilterBar slot="product-filters" active={hasFilters(values)} onClear={onClear}>
      <SelectFilter
        label={FILTER_TEXT.catalog}
        className="w-48"
        value={values.catalog}
        all={FILTER_TEXT.allCatalogs}
        options={facets.catalogs.map((c) => ({ value: c.id, label: c.name }))}
        // A category belongs to one catalog: changing the catalog lets go of it.
        onChange={(catalog) => onChange({ catalog, categoryId: undefined })}
      />
      <SelectFilter
        label={FILTER_TEXT.category}
        className="w-48"
        value={values.categoryId}
        all={FILTER_TEXT.allCategories}
        options={categories.map((c) => ({
          value: c.id,
          label: c.name,
          key: `${c.catalogId}/${c.id}`,
          depth: c.depth,
        }))}
        onChange={(categoryId) => onChange({ categoryId })}
      />
      <LanguageSelect
        value={values.language}
        locales={facets.locales}
        onChange={(language) => onChange({ language })}
      />
      <SelectFilter
        label={FILTER_TEXT.productType}
        className="w-44"
        value={values.productType}
        all={FILTER_TEXT.allTypes}
        options={labelledOptions(PRODUCT_TYPE_LABEL)}
        onChange={(productType) => onChange({ productType })}
      />
      <ProductIdAndOfflineFilters
        values={values}
        onChange={onChange}
        searchLabel="Find a product by ID"
        placeholder={FILTER_TEXT.productIdPlaceholder}
        className="w-52"
      />
    </FilterBar>
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
    <SelectFilter
      label={FILTER_TEXT.language}
      className="w-36"
      value={value}
      options={options.map((locale) => ({ value: locale, label: localeLabel(locale) }))}
      onChange={onChange}
    />
  );
}
