/**
 * Acme's catalogue copy for mocks: 62 products of an outdoor-apparel shop (8 masters, each with two
 * colour variation groups of two sizes, and 6 standalone items) in four locales with translation gaps,
 * a few offline, some with pending proposals; and answers for the five products procedures that
 * filter and page the way the server does (server/products/service.ts).
 */
import type {
  CatalogueFacets,
  CatalogueSyncState,
  LocalizedText,
  ProductDetail,
  ProductKind,
  ProductListItem,
  ProductPage,
  ProductVariation,
  VariationAttribute,
} from '~/domain/products/entities';
import { DEFAULT_LOCALE } from '~/domain/products/entities';
import {
  matchesProductFilters,
  type ProductFiltersInput,
  productFiltersInput,
} from '~/domain/products/inputs';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import { PRODUCTS_PAGE_SIZE, productTotalOf } from '~/domain/products/search';
import type { JobRun } from '~/domain/jobs/runs';
import { orgs } from './fixtures';
import { domainError, type TrpcScenario } from './trpc/scenario';

export const LOCALES = [DEFAULT_LOCALE, 'de-DE', 'en-US', 'fr-FR'];

/** When the copy was last synced, and when stories' clock says it is now (two hours later). */
export const LAST_SYNCED_AT = new Date('2026-03-02T09:30:00Z');
export const STORY_NOW = new Date('2026-03-02T11:30:00Z');

export const catalogueFacets = {
  catalogs: [
    { id: 'acme-master', name: 'Acme master catalog', isMaster: true },
    { id: 'acme-storefront', name: 'Acme storefront', isMaster: false },
  ],
  categories: [
    { id: 'm-apparel', catalogId: 'acme-master', name: 'Apparel', parentId: null, depth: 0 },
    {
      id: 'm-accessories',
      catalogId: 'acme-master',
      name: 'Accessories',
      parentId: null,
      depth: 0,
    },
    { id: 'mens', catalogId: 'acme-storefront', name: 'Men', parentId: null, depth: 0 },
    {
      id: 'mens-outerwear',
      catalogId: 'acme-storefront',
      name: 'Outerwear',
      parentId: 'mens',
      depth: 1,
    },
    { id: 'mens-shirts', catalogId: 'acme-storefront', name: 'Shirts', parentId: 'mens', depth: 1 },
    { id: 'womens', catalogId: 'acme-storefront', name: 'Women', parentId: null, depth: 0 },
    {
      id: 'womens-dresses',
      catalogId: 'acme-storefront',
      name: 'Dresses',
      parentId: 'womens',
      depth: 1,
    },
    { id: 'womens-tops', catalogId: 'acme-storefront', name: 'Tops', parentId: 'womens', depth: 1 },
    { id: 'gear', catalogId: 'acme-storefront', name: 'Gear', parentId: null, depth: 0 },
    { id: 'gear-bags', catalogId: 'acme-storefront', name: 'Bags', parentId: 'gear', depth: 1 },
  ],
  locales: LOCALES,
} satisfies CatalogueFacets;

interface Model {
  id: string;
  /** default, de-DE, en-US, fr-FR names; null where the locale has none (a translation gap). */
  names: [string, string | null, string | null, string | null];
  /** Storefront categories, most specific first (its ancestors are added). */
  category: string;
  masterCategory: string;
  blurb: string;
  online?: boolean;
}

const MODELS: Model[] = [
  {
    id: 'alpine-rain-jacket',
    names: [
      'Alpine Rain Jacket',
      'Alpine Regenjacke',
      'Alpine Rain Jacket',
      'Veste de pluie Alpine',
    ],
    category: 'mens-outerwear',
    masterCategory: 'm-apparel',
    blurb: 'A <strong>3-layer</strong> waterproof shell for long days in the rain.',
  },
  {
    id: 'coastline-knit-top',
    names: ['Coastline Knit Top', null, 'Coastline Knit Top', 'Haut en maille Coastline'],
    category: 'womens-tops',
    masterCategory: 'm-apparel',
    blurb: 'A soft organic-cotton knit that keeps its shape.',
  },
  {
    id: 'harbor-oxford-shirt',
    names: ['Harbor Oxford Shirt', 'Harbor Oxfordhemd', 'Harbor Oxford Shirt', null],
    category: 'mens-shirts',
    masterCategory: 'm-apparel',
    blurb: 'A classic button-down in brushed <em>oxford</em> cloth.',
  },
  {
    id: 'linen-camp-shirt',
    names: ['Linen Camp Shirt', 'Leinen-Campshirt', 'Linen Camp Shirt', null],
    category: 'mens-shirts',
    masterCategory: 'm-apparel',
    blurb: 'Breezy European linen with a relaxed camp collar.',
  },
  {
    id: 'meadow-wrap-dress',
    names: [
      'Meadow Wrap Dress',
      'Meadow Wickelkleid',
      'Meadow Wrap Dress',
      'Robe portefeuille Meadow',
    ],
    category: 'womens-dresses',
    masterCategory: 'm-apparel',
    blurb: 'A floaty wrap dress in recycled viscose.',
  },
  {
    id: 'ridge-softshell-pants',
    names: [
      'Ridge Softshell Pants',
      'Ridge Softshellhose',
      'Ridge Softshell Pants',
      'Pantalon softshell Ridge',
    ],
    category: 'mens-outerwear',
    masterCategory: 'm-apparel',
    blurb: 'Stretchy, wind-resistant trousers for scrambles.',
    online: false,
  },
  {
    id: 'summit-down-vest',
    names: [
      'Summit Down Vest',
      'Summit Daunenweste',
      'Summit Down Vest',
      'Doudoune sans manches Summit',
    ],
    category: 'mens-outerwear',
    masterCategory: 'm-apparel',
    blurb: '700-fill responsibly sourced down in a packable vest.',
  },
  {
    id: 'trailhead-fleece',
    names: ['Trailhead Fleece', 'Trailhead Fleecejacke', 'Trailhead Fleece', 'Polaire Trailhead'],
    category: 'mens-outerwear',
    masterCategory: 'm-apparel',
    blurb: 'A grid fleece mid-layer that breathes on the climb.',
  },
];

const ITEMS: Model[] = [
  {
    id: 'canvas-tote-bag',
    names: ['Canvas Tote Bag', 'Canvas-Tragetasche', 'Canvas Tote Bag', 'Sac cabas en toile'],
    category: 'gear-bags',
    masterCategory: 'm-accessories',
    blurb: 'Heavy waxed canvas with leather handles.',
  },
  {
    id: 'gift-card',
    names: ['Gift Card', 'Geschenkkarte', 'Gift Card', 'Carte cadeau'],
    category: 'gear',
    masterCategory: 'm-accessories',
    blurb: 'Let them choose.',
    online: false,
  },
  {
    id: 'leather-belt',
    names: ['Leather Belt', 'Ledergürtel', 'Leather Belt', null],
    category: 'gear',
    masterCategory: 'm-accessories',
    blurb: 'Full-grain leather with a brass buckle.',
  },
  {
    id: 'merino-beanie',
    names: ['Merino Beanie', null, 'Merino Beanie', 'Bonnet en mérinos'],
    category: 'gear',
    masterCategory: 'm-accessories',
    blurb: 'Fine merino that never itches.',
  },
  {
    id: 'trail-water-bottle',
    names: [
      'Trail Water Bottle 750 ml',
      'Trinkflasche 750 ml',
      'Trail Water Bottle 750 ml',
      'Gourde 750 ml',
    ],
    category: 'gear',
    masterCategory: 'm-accessories',
    blurb: 'Insulated steel, cold for 24 hours.',
  },
  {
    id: 'wool-hiking-socks',
    names: [
      'Wool Hiking Socks, 3 Pack',
      'Wanderstrümpfe, 3er-Pack',
      'Wool Hiking Socks, 3 Pack',
      'Chaussettes de randonnée, lot de 3',
    ],
    category: 'gear',
    masterCategory: 'm-accessories',
    blurb: 'Cushioned where it counts.',
  },
];

const COLORS = [
  {
    value: 'NVY',
    name: { default: 'Navy', 'de-DE': 'Marineblau', 'en-US': 'Navy', 'fr-FR': 'Marine' },
  },
  { value: 'OLV', name: { default: 'Olive', 'de-DE': 'Oliv', 'en-US': 'Olive', 'fr-FR': 'Olive' } },
];
const SIZES = [
  { value: 'M', name: { default: 'M', 'de-DE': 'M', 'en-US': 'M', 'fr-FR': 'M' } },
  { value: 'L', name: { default: 'L', 'de-DE': 'L', 'en-US': 'L', 'fr-FR': 'L' } },
];
const VARIATION_ATTRIBUTES: VariationAttribute[] = [
  {
    id: 'color',
    name: { default: 'Colour', 'de-DE': 'Farbe', 'en-US': 'Color', 'fr-FR': 'Couleur' },
    values: COLORS,
  },
  {
    id: 'size',
    name: { default: 'Size', 'de-DE': 'Größe', 'en-US': 'Size', 'fr-FR': 'Taille' },
    values: SIZES,
  },
];

/** Proposals waiting for review, per product. */
const PENDING: Record<string, number> = {
  'alpine-rain-jacket': 3,
  'alpine-rain-jacket-nvy': 1,
  'canvas-tote-bag': 2,
  'meadow-wrap-dress': 1,
  'harbor-oxford-shirt': 4,
};

interface Row {
  id: string;
  kind: ProductKind;
  online: boolean;
  masterId: string | null;
  name: LocalizedText;
  catalogIds: string[];
  categoryIds: string[];
  primaryCategoryId: string | null;
  variationValues: Record<string, string>;
  blurb: LocalizedText;
  lastModified: Date;
}

function localized(names: Model['names'], suffix = (_locale: string) => ''): LocalizedText {
  const text: LocalizedText = {};
  LOCALES.forEach((locale, i) => {
    const name = names[i];
    if (name != null) text[locale] = `${name}${suffix(locale)}`;
  });
  return text;
}

function categoriesOf(id: string): string[] {
  const category = catalogueFacets.categories.find((c) => c.id === id);
  return category?.parentId ? [id, category.parentId] : [id];
}

function buildRows(): Row[] {
  const rows: Row[] = [];
  let minute = 0;
  const modified = () => new Date(Date.UTC(2026, 1, 20, 8, minute++));
  for (const model of [...MODELS, ...ITEMS]) {
    const isItem = ITEMS.includes(model);
    const online = model.online ?? true;
    const blurb: LocalizedText = {
      default: `<p>${model.blurb}</p>`,
      'en-US': `<p>${model.blurb}</p>`,
    };
    const base = {
      online,
      catalogIds: ['acme-master', 'acme-storefront'],
      categoryIds: [model.masterCategory, ...categoriesOf(model.category)],
      primaryCategoryId: model.category,
      blurb,
    };
    rows.push({
      ...base,
      id: model.id,
      kind: isItem ? 'item' : 'master',
      masterId: null,
      name: localized(model.names),
      variationValues: {},
      lastModified: modified(),
    });
    if (isItem) continue;
    for (const color of COLORS) {
      const groupId = `${model.id}-${color.value.toLowerCase()}`;
      const colorName = (locale: string) => ` – ${color.name[locale as keyof typeof color.name]}`;
      rows.push({
        ...base,
        id: groupId,
        kind: 'variation_group',
        masterId: model.id,
        name: localized(model.names, colorName),
        variationValues: { color: color.value },
        lastModified: modified(),
      });
      for (const size of SIZES) {
        rows.push({
          ...base,
          id: `${groupId}-${size.value.toLowerCase()}`,
          kind: 'variant',
          masterId: model.id,
          name: localized(model.names, (l) => `${colorName(l)}, ${size.value}`),
          variationValues: { color: color.value, size: size.value },
          lastModified: modified(),
        });
      }
    }
  }
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

export const catalogueRows: readonly Row[] = buildRows();

/** products.list as the server answers it: online only unless asked, variants only by id, 24 a page. */
export function listProducts(filters: ProductFiltersInput): ProductPage {
  const matching = catalogueRows.filter((p) =>
    matchesProductFilters({ ...p, b2cProductId: p.id }, filters),
  );
  const start = (filters.page - 1) * PRODUCTS_PAGE_SIZE;
  const items = matching.slice(start, start + PRODUCTS_PAGE_SIZE).map((p): ProductListItem => ({
    b2cProductId: p.id,
    kind: p.kind,
    online: p.online,
    name: p.name[filters.language] ?? null,
    defaultName: p.name[DEFAULT_LOCALE] ?? null,
    masterId: p.masterId,
    pendingProposals: PENDING[p.id] ?? 0,
  }));
  return {
    items,
    ...productTotalOf(matching.length, filters.page),
    page: filters.page,
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}

function pick(text: LocalizedText, locales: readonly string[]): LocalizedText {
  return Object.fromEntries(locales.filter((l) => text[l] != null).map((l) => [l, text[l]]));
}

/** products.get: every field per locale, the variations, and the raw OCAPI document; null when unknown. */
export function productDetail(b2cProductId: string): ProductDetail | null {
  const p = catalogueRows.find((row) => row.id === b2cProductId);
  if (!p) return null;
  const byId = (id: string) => catalogueRows.find((row) => row.id === id);
  const master = p.masterId ? byId(p.masterId) : undefined;
  const family = catalogueRows.filter((row) => row.masterId === (p.masterId ?? p.id));
  const variation = (row: Row): ProductVariation => ({
    b2cProductId: row.id,
    variationValues: row.variationValues,
    name: row.name,
    online: row.online,
  });
  const hasVariations = p.kind !== 'item';
  const variationGroups =
    p.kind === 'master' ? family.filter((r) => r.kind === 'variation_group').map(variation) : [];
  const variants =
    p.kind === 'master'
      ? family.filter((r) => r.kind === 'variant').map(variation)
      : p.kind === 'variation_group'
        ? family.filter((r) => r.kind === 'variant' && r.id.startsWith(`${p.id}-`)).map(variation)
        : [];
  const names = p.name;
  const titled = (suffix: string) =>
    Object.fromEntries(Object.entries(names).map(([l, n]) => [l, `${n} | ${suffix}`]));
  const fields = {
    name: names,
    short_description: p.blurb,
    long_description: pick(
      {
        default: `${p.blurb.default}<ul><li>Lifetime repairs</li><li>Free returns for 60 days</li></ul>`,
        'en-US': `${p.blurb['en-US']}<ul><li>Lifetime repairs</li><li>Free returns for 60 days</li></ul>`,
      },
      LOCALES,
    ),
    page_title: pick(titled('Acme Outfitters'), [DEFAULT_LOCALE, 'en-US', 'de-DE']),
    page_description: pick(
      {
        default: `Shop the ${names.default} at Acme Outfitters. Free shipping over $75.`,
        'en-US': `Shop the ${names.default} at Acme Outfitters. Free shipping over $75.`,
      },
      LOCALES,
    ),
    page_keywords: {},
  };
  const document = {
    _v: '23.2',
    _type: 'product',
    _resource_state: `860cde3040519cce439cd99e209f8a87c3ad0b7e2813edbf6f5501f763b73bd${b2cProductId.length % 10}`,
    id: p.id,
    name: p.name,
    online_flag: { default: p.online },
    type: { [p.kind === 'item' ? 'item' : p.kind]: true },
    ...(p.masterId ? { master: { _type: 'master', master_id: p.masterId } } : {}),
    primary_category_id: p.primaryCategoryId,
    short_description: Object.fromEntries(
      Object.entries(p.blurb).map(([l, markup]) => [
        l,
        { _type: 'markup_text', markup, source: markup },
      ]),
    ),
    page_title: fields.page_title,
    ...(hasVariations ? { variation_values: p.variationValues } : {}),
    last_modified: p.lastModified.toISOString(),
  };
  return {
    b2cProductId: p.id,
    kind: p.kind,
    online: p.online,
    fields,
    locales: LOCALES,
    masterId: p.masterId,
    master: master ? { b2cProductId: master.id, name: master.name } : null,
    primaryCategoryId: p.primaryCategoryId,
    catalogIds: p.catalogIds,
    categoryIds: p.categoryIds,
    variationAttributes: !hasVariations
      ? []
      : p.kind === 'variation_group'
        ? VARIATION_ATTRIBUTES.map((a) =>
            a.id === 'color'
              ? { ...a, values: a.values.filter((v) => v.value === p.variationValues.color) }
              : a,
          )
        : VARIATION_ATTRIBUTES,
    variationValues: p.variationValues,
    variationGroups,
    variants,
    lastModified: p.lastModified,
    syncedAt: LAST_SYNCED_AT,
    pendingProposals: PENDING[p.id] ?? 0,
    document,
  };
}

const syncBase = {
  mode: 'incremental',
  syncedCount: 0,
  total: null,
  productCount: catalogueRows.length,
  lastSyncedAt: LAST_SYNCED_AT,
  lastError: null,
  runId: null,
  runStatus: null,
} satisfies Omit<CatalogueSyncState, 'status'>;

/** The sync of the copy in each of its states. */
export const syncStates = {
  never: {
    ...syncBase,
    status: 'never',
    mode: null,
    productCount: 0,
    lastSyncedAt: null,
  },
  firstQueued: {
    ...syncBase,
    status: 'queued',
    mode: 'full',
    productCount: 0,
    lastSyncedAt: null,
    runId: 'run_sync_1',
    runStatus: 'queued',
  },
  queued: { ...syncBase, status: 'queued', runId: 'run_sync_2', runStatus: 'queued' },
  running: {
    ...syncBase,
    status: 'running',
    mode: 'full',
    syncedCount: 1200,
    total: 2350,
    productCount: 2350,
    runId: 'run_sync_2',
    runStatus: 'running',
  },
  synced: {
    ...syncBase,
    status: 'synced',
    syncedCount: 14,
    runId: 'run_sync_1',
    runStatus: 'completed',
  },
  failed: {
    ...syncBase,
    status: 'failed',
    lastError: PRODUCT_MESSAGES.productSearchMissing,
    runId: 'run_sync_2',
    runStatus: 'failed',
  },
} satisfies Record<string, CatalogueSyncState>;

/** The sync's job run as jobs.progress reports it. */
export function syncRun(
  status: JobRun['status'],
  progressDone: number,
  progressTotal: number | null = 2350,
): JobRun {
  return {
    id: 'run_sync_2',
    orgId: orgs.acme.id,
    kind: 'products.sync',
    key: 'env_prod:2',
    status,
    attempts: 1,
    progressDone,
    progressTotal,
    progressMessage: PRODUCT_MESSAGES.syncProgress(progressDone, progressTotal),
    error: null,
    createdAt: new Date('2026-03-02T11:20:00Z'),
    updatedAt: new Date('2026-03-02T11:29:00Z'),
    finishedAt: status === 'completed' || status === 'failed' ? STORY_NOW : null,
  };
}

/** The products procedures answering from the fixture catalogue; the sync in `sync`'s state. */
export function atProducts(sync: CatalogueSyncState = syncStates.synced): TrpcScenario {
  // A copy that never synced has nothing in it yet.
  const empty = sync.productCount === 0;
  return {
    // The mock router hands over the parsed input; parsing again gives it its defaults' type.
    'products.list': (input) => {
      const filters = productFiltersInput.parse(input);
      return empty
        ? {
            items: [],
            total: 0,
            totalIsExact: true,
            page: filters.page,
            pageSize: PRODUCTS_PAGE_SIZE,
          }
        : listProducts(filters);
    },
    'products.facets': empty
      ? { catalogs: [], categories: [], locales: [DEFAULT_LOCALE] }
      : catalogueFacets,
    'products.get': (input) =>
      productDetail(input.b2cProductId) ??
      domainError(
        'NOT_FOUND',
        PRODUCT_MESSAGES.productNotFound(input.b2cProductId),
        'product-not-found',
      ),
    'products.refresh': (input) =>
      productDetail(input.b2cProductId) ??
      domainError(
        'NOT_FOUND',
        PRODUCT_MESSAGES.productGone(input.b2cProductId),
        'product-not-found',
      ),
    'products.syncState': sync,
    'products.syncNow': { ...sync, status: 'queued', runId: 'run_sync_2', runStatus: 'queued' },
  };
}
