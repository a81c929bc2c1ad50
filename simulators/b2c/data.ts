/**
 * Seeded catalog data for one simulated instance: a master and a storefront catalog, nested
 * categories and 2,000+ products (masters, variants, variation groups, items; more on request) whose
 * names and SEO fields are localized in default, en-US, fr-FR and de-DE, with realistic gaps and some
 * offline.
 */
import { createPrng, hashSeed, type Prng } from './prng';

export const SIM_LOCALES = ['default', 'en-US', 'fr-FR', 'de-DE'] as const;
export type SimLocale = (typeof SIM_LOCALES)[number];
type Lang = 'en' | 'fr' | 'de';
type Words = Record<Lang, string>;
export type Localized<T> = Partial<Record<string, T>>;
export interface Markup {
  markup: string;
  source: string;
}

export const SIM_SITE_ID = 'RefArch';
/** A shared content library, as SFRA sites commonly share one (landing pages may publish there). */
export const SIM_SHARED_LIBRARY_ID = 'RefArchSharedLibrary';
export const SIM_MASTER_CATALOG_ID = 'apparel-m-catalog';
export const SIM_STOREFRONT_CATALOG_ID = 'storefront-catalog-m-en';
export const SIM_MIN_PRODUCTS = 2000;

export type SimProductType = 'master' | 'variant' | 'variation_group' | 'item';

export interface SimProduct {
  id: string;
  type: SimProductType;
  masterId?: string;
  variantIds?: string[];
  name: Localized<string>;
  page_title: Localized<string>;
  page_description: Localized<string>;
  page_keywords: Localized<string>;
  short_description: Localized<Markup>;
  long_description: Localized<Markup>;
  online: Localized<boolean>;
  owningCatalogId: string;
  primaryCategoryId: string;
  classificationCategoryId: string;
  creationDate: string;
  lastModified: string;
}

export interface SimCategory {
  id: string;
  catalogId: string;
  name: Localized<string>;
  parentId: string | null;
  position: number;
  online: boolean;
}

export interface SimCatalog {
  id: string;
  name: Localized<string>;
  isMaster: boolean;
}

/** A content asset in a library, as OCAPI Data's `content` document keeps it. */
export interface SimContentAsset {
  id: string;
  name: Localized<string>;
  online: Localized<boolean>;
  /** The custom `body` attribute: HTML per locale. */
  body: Localized<Markup>;
  creationDate: string;
  lastModified: string;
}

/**
 * A custom attribute of the `Content` system object, as `object_attribute_definition` documents it.
 * Storefronts define `body` (the spec's `content_asset.c_body`); an instance without it is played by
 * deleting it from `contentAttributes`.
 */
export interface SimAttributeDefinition {
  id: string;
  displayName: Localized<string>;
  valueType: 'html' | 'text' | 'string';
  localizable: boolean;
}

export interface SimInstanceData {
  catalogs: SimCatalog[];
  categories: SimCategory[];
  products: SimProduct[];
  productsById: Map<string, SimProduct>;
  sites: { id: string; name: string; storefrontCatalogId: string; currency: string }[];
  /** Content libraries by id (each site has its own, named after the site) → content assets by id. */
  libraries: Map<string, Map<string, SimContentAsset>>;
  /** The custom attributes of content assets (`Content`) by id: `body` unless a test removes it. */
  contentAttributes: Map<string, SimAttributeDefinition>;
  /**
   * Sales prices set on the instance (a price book's entry), by product id: a master's family, or an
   * item. Without an entry a product has its seeded price (`simPriceOf`).
   */
  prices: Map<string, number>;
  /** Bumped by every product change, so what is derived from the products knows to rebuild. */
  version: number;
  /**
   * Product fields a PATCH accepts but does not store. The spec's list of what a product update may
   * change leaves out `short_description` (ADR 0042): whether a real instance stores it is unknown,
   * so a test can play an instance that does not. Empty by default.
   */
  unstoredProductFields?: Set<string>;
}

const w = (en: string, fr: string, de: string): Words => ({ en, fr, de });

const ADJECTIVES = [
  w('Classic', 'classique', 'Klassisch'),
  w('Modern', 'moderne', 'Modern'),
  w('Relaxed', 'décontracté', 'Locker'),
  w('Essential', 'essentiel', 'Basic'),
  w('Premium', 'premium', 'Premium'),
  w('Vintage', 'vintage', 'Vintage'),
  w('Lightweight', 'léger', 'Leicht'),
  w('Tailored', 'ajusté', 'Tailliert'),
];
const MATERIALS = [
  w('Cotton', 'coton', 'Baumwolle'),
  w('Linen', 'lin', 'Leinen'),
  w('Wool', 'laine', 'Wolle'),
  w('Leather', 'cuir', 'Leder'),
  w('Denim', 'denim', 'Denim'),
  w('Silk', 'soie', 'Seide'),
];
const COLORS = [
  { code: 'NVY', words: w('Navy', 'marine', 'Marineblau') },
  { code: 'BLK', words: w('Black', 'noir', 'Schwarz') },
  { code: 'WHT', words: w('White', 'blanc', 'Weiß') },
  { code: 'OLV', words: w('Olive', 'olive', 'Oliv') },
  { code: 'RED', words: w('Red', 'rouge', 'Rot') },
];
const SIZES = ['S', 'M', 'L', 'XL'];

/** department → group → leaf nouns: the storefront tree, three levels under root. */
const TREE: {
  id: string;
  name: Words;
  groups: { id: string; name: Words; leaves: { id: string; noun: Words }[] }[];
}[] = [
  {
    id: 'womens',
    name: w('Womens', 'Femme', 'Damen'),
    groups: [
      {
        id: 'womens-clothing',
        name: w('Clothing', 'Vêtements', 'Bekleidung'),
        leaves: [
          { id: 'womens-clothing-dresses', noun: w('Dress', 'Robe', 'Kleid') },
          { id: 'womens-clothing-tops', noun: w('Blouse', 'Chemisier', 'Bluse') },
          { id: 'womens-clothing-jackets', noun: w('Jacket', 'Veste', 'Jacke') },
        ],
      },
      {
        id: 'womens-accessories',
        name: w('Accessories', 'Accessoires', 'Accessoires'),
        leaves: [
          { id: 'womens-accessories-scarves', noun: w('Scarf', 'Écharpe', 'Schal') },
          { id: 'womens-accessories-bags', noun: w('Bag', 'Sac', 'Tasche') },
        ],
      },
    ],
  },
  {
    id: 'mens',
    name: w('Mens', 'Homme', 'Herren'),
    groups: [
      {
        id: 'mens-clothing',
        name: w('Clothing', 'Vêtements', 'Bekleidung'),
        leaves: [
          { id: 'mens-clothing-shirts', noun: w('Shirt', 'Chemise', 'Hemd') },
          { id: 'mens-clothing-pants', noun: w('Trousers', 'Pantalon', 'Hose') },
          { id: 'mens-clothing-blazers', noun: w('Blazer', 'Blazer', 'Sakko') },
        ],
      },
      {
        id: 'mens-accessories',
        name: w('Accessories', 'Accessoires', 'Accessoires'),
        leaves: [
          { id: 'mens-accessories-belts', noun: w('Belt', 'Ceinture', 'Gürtel') },
          { id: 'mens-accessories-ties', noun: w('Tie', 'Cravate', 'Krawatte') },
        ],
      },
    ],
  },
  {
    id: 'home',
    name: w('Home', 'Maison', 'Wohnen'),
    groups: [
      {
        id: 'home-bedding',
        name: w('Bedding', 'Linge de lit', 'Bettwäsche'),
        leaves: [
          {
            id: 'home-bedding-duvet-covers',
            noun: w('Duvet Cover', 'Housse de couette', 'Bettbezug'),
          },
          {
            id: 'home-bedding-pillowcases',
            noun: w('Pillowcase', "Taie d'oreiller", 'Kissenbezug'),
          },
        ],
      },
      {
        id: 'home-decor',
        name: w('Decor', 'Décoration', 'Deko'),
        leaves: [
          { id: 'home-decor-throws', noun: w('Throw', 'Plaid', 'Decke') },
          { id: 'home-decor-cushions', noun: w('Cushion', 'Coussin', 'Kissen') },
        ],
      },
    ],
  },
];

/**
 * The catalogue's vocabulary in each language, grouped by role in a product name: the AI simulator
 * translates and describes products with the same words the catalogue uses.
 */
export const SIM_VOCABULARY = {
  adjectives: ADJECTIVES,
  materials: MATERIALS,
  colors: COLORS.map((c) => c.words),
  nouns: TREE.flatMap((d) => d.groups.flatMap((g) => g.leaves.map((l) => l.noun))),
  categories: TREE.flatMap((d) => [d.name, ...d.groups.map((g) => g.name)]),
} as const;
export type SimLang = Lang;
export type SimWords = Words;

const LANG_OF: Record<SimLocale, Lang> = {
  default: 'en',
  'en-US': 'en',
  'fr-FR': 'fr',
  'de-DE': 'de',
};

export interface Parts {
  adj: Words;
  material: Words;
  noun: Words;
  color?: Words;
}

/** A product's name in a language, in that language's word order. */
export function productName(p: Parts, lang: Lang): string {
  const color = p.color ? p.color[lang] : null;
  switch (lang) {
    case 'en':
      return `${p.adj.en} ${p.material.en} ${p.noun.en}${color ? ` - ${color}` : ''}`;
    case 'fr':
      return `${p.noun.fr} en ${p.material.fr} ${p.adj.fr}${color ? ` ${color}` : ''}`;
    case 'de':
      return `${p.noun.de} ${p.adj.de} aus ${p.material.de}${color ? ` in ${color}` : ''}`;
  }
}

/** The catalogue's SEO texts in each language, from a product's name parts. */
export const SEO = {
  title: (name: string) => `${name} | Beacon Outfitters`,
  description: {
    en: (name: string) => `Shop the ${name} at Beacon Outfitters. Free returns within 30 days.`,
    fr: (name: string) => `Achetez ${name} chez Beacon Outfitters. Retours gratuits sous 30 jours.`,
    de: (name: string) =>
      `${name} bei Beacon Outfitters kaufen. Kostenlose Rücksendung in 30 Tagen.`,
  },
  short: {
    en: (p: Parts) =>
      `A ${p.adj.en.toLowerCase()} ${p.noun.en.toLowerCase()} in soft ${p.material.en.toLowerCase()}.`,
    fr: (p: Parts) => `${p.noun.fr} ${p.adj.fr} en ${p.material.fr} doux.`,
    de: (p: Parts) => `${p.noun.de} aus weicher ${p.material.de}.`,
  },
  long: {
    en: (p: Parts) =>
      `Made from ${p.material.en.toLowerCase()} for everyday wear. This ${p.noun.en.toLowerCase()} pairs a ${p.adj.en.toLowerCase()} cut with durable finishing. Machine washable.`,
    fr: (p: Parts) =>
      `Fabriqué en ${p.material.fr} pour un usage quotidien. Ce modèle allie une coupe ${p.adj.fr} à des finitions durables. Lavable en machine.`,
    de: (p: Parts) =>
      `Aus ${p.material.de} für jeden Tag. ${p.noun.de} mit langlebiger Verarbeitung. Maschinenwaschbar.`,
  },
};

/** Which locales a product carries a field in: default always, the others with gaps. */
function localesFor(prng: Prng, presence: { en: number; fr: number; de: number }): SimLocale[] {
  const out: SimLocale[] = ['default'];
  if (prng.chance(presence.en)) out.push('en-US');
  if (prng.chance(presence.fr)) out.push('fr-FR');
  if (prng.chance(presence.de)) out.push('de-DE');
  return out;
}

function localize<T>(locales: SimLocale[], make: (lang: Lang) => T): Localized<T> {
  return Object.fromEntries(locales.map((l) => [l, make(LANG_OF[l])]));
}

/** The value for each of `locales`, taken from a per-language table (no closure per product). */
function inLocales<T>(locales: SimLocale[], byLang: Record<Lang, T>): Localized<T> {
  const out: Localized<T> = {};
  for (const locale of locales) out[locale] = byLang[LANG_OF[locale]];
  return out;
}

const markup = (text: string): Markup => ({ markup: `<p>${text}</p>`, source: `<p>${text}</p>` });
const pad = (n: number, width = 5) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2024, 0, 1);

/** Every text a product with these name parts carries, per language. */
interface Texts {
  name: Words;
  title: Words;
  description: Words;
  keywords: Words;
  short: Record<Lang, Markup>;
  long: Record<Lang, Markup>;
}

const perLang = <T>(make: (lang: Lang) => T): Record<Lang, T> => ({
  en: make('en'),
  fr: make('fr'),
  de: make('de'),
});

function textsOf(parts: Parts): Texts {
  const name = perLang((l) => productName(parts, l));
  return {
    name,
    title: perLang((l) => SEO.title(name[l])),
    description: perLang((l) => SEO.description[l](name[l])),
    keywords: perLang((l) =>
      [parts.noun[l], parts.material[l], parts.adj[l]].join(', ').toLowerCase(),
    ),
    short: perLang((l) => markup(SEO.short[l](parts))),
    long: perLang((l) => markup(SEO.long[l](parts))),
  };
}

/**
 * Texts shared by every product with the same name parts: a few thousand combinations serve any
 * number of products, which keeps a 100,000-product catalogue quick to build and small in memory.
 * Nothing mutates them; edits replace a locale's value in the product's own map.
 */
function textCache() {
  const cache = new Map<string, Texts>();
  return (parts: Parts): Texts => {
    const key = `${parts.adj.en}|${parts.material.en}|${parts.noun.en}|${parts.color?.en ?? ''}`;
    let texts = cache.get(key);
    if (!texts) {
      texts = textsOf(parts);
      cache.set(key, texts);
    }
    return texts;
  };
}

interface Leaf {
  id: string;
  noun: Words;
  department: string;
}

/** What building a product needs besides its own draws. */
interface Builder {
  texts: (parts: Parts) => Texts;
  leaves: Leaf[];
  products: SimProduct[];
}

function datesOf(prng: Prng) {
  const created = EPOCH + prng.int(0, 700) * DAY_MS + prng.int(0, DAY_MS - 1);
  const modified = created + prng.int(0, 120) * DAY_MS;
  return {
    creationDate: new Date(created).toISOString(),
    lastModified: new Date(modified).toISOString(),
  };
}

/**
 * One product. The order of draws and of keys is what the catalogue has always been built with, so
 * a seed keeps giving the same ids, names and JSON.
 */
function makeProduct(
  prng: Prng,
  texts: Texts,
  id: string,
  type: SimProductType,
  leaf: Leaf,
): SimProduct {
  const nameLocales = localesFor(prng, { en: 0.92, fr: 0.7, de: 0.6 });
  const seoLocales = localesFor(prng, { en: 0.85, fr: 0.55, de: 0.45 });
  const withSeo = type !== 'variant';
  return {
    id,
    type,
    name: inLocales(nameLocales, texts.name),
    page_title: withSeo && prng.chance(0.8) ? inLocales(seoLocales, texts.title) : {},
    page_description: withSeo && prng.chance(0.7) ? inLocales(seoLocales, texts.description) : {},
    page_keywords: withSeo && prng.chance(0.55) ? inLocales(seoLocales, texts.keywords) : {},
    short_description: withSeo ? inLocales(seoLocales, texts.short) : {},
    long_description: withSeo && prng.chance(0.75) ? inLocales(seoLocales, texts.long) : {},
    online: { default: !prng.chance(0.08) },
    owningCatalogId: SIM_MASTER_CATALOG_ID,
    primaryCategoryId: leaf.id,
    classificationCategoryId: leaf.department,
    ...datesOf(prng),
  };
}

/** A master, its variation groups (one per color) and their variants (one per size). */
function addFamily(prng: Prng, b: Builder, m: number) {
  const leaf = prng.pick(b.leaves);
  const parts: Parts = {
    adj: prng.pick(ADJECTIVES),
    material: prng.pick(MATERIALS),
    noun: leaf.noun,
  };
  const masterId = `M-${pad(m)}`;
  const master = makeProduct(prng, b.texts(parts), masterId, 'master', leaf);
  const variantIds: string[] = [];
  master.variantIds = variantIds;
  b.products.push(master);
  const colorCount = prng.int(1, 2);
  const start = prng.int(0, COLORS.length - 1);
  for (let c = 0; c < colorCount; c++) {
    const color = COLORS[(start + c) % COLORS.length] ?? COLORS[0]!;
    const texts = b.texts({ ...parts, color: color.words });
    const group = makeProduct(prng, texts, `${masterId}-${color.code}`, 'variation_group', leaf);
    group.masterId = masterId;
    b.products.push(group);
    const sizes = SIZES.slice(0, prng.int(2, SIZES.length));
    for (const size of sizes) {
      const variant = makeProduct(
        prng,
        texts,
        `${masterId}-${color.code}-${size}`,
        'variant',
        leaf,
      );
      variant.masterId = masterId;
      variantIds.push(variant.id);
      b.products.push(variant);
    }
  }
}

function addItem(prng: Prng, b: Builder, i: number) {
  const leaf = prng.pick(b.leaves);
  const parts: Parts = {
    adj: prng.pick(ADJECTIVES),
    material: prng.pick(MATERIALS),
    noun: leaf.noun,
  };
  b.products.push(makeProduct(prng, b.texts(parts), `I-${pad(i)}`, 'item', leaf));
}

const DEFAULT_MASTERS = 250;
/**
 * Beyond the default catalogue, the chance that the next addition is an item rather than a master
 * family (about seven products): keeps items near a quarter of the products, as in the default.
 */
const EXTRA_ITEM_CHANCE = 0.7;
/** Extra products come from their own stream, so the default catalogue stays what it always was. */
const EXTRA_STREAM = 0x5eed;

export interface SimDataOptions {
  /**
   * At least this many products: past the default catalogue (about 2,400), more masters and items
   * are appended after it, the same mix, deterministic for the seed. Fewer changes nothing.
   */
  products?: number;
}

function buildCatalogs() {
  const catalogs: SimCatalog[] = [
    { id: SIM_MASTER_CATALOG_ID, name: { default: 'Apparel Master Catalog' }, isMaster: true },
    {
      id: SIM_STOREFRONT_CATALOG_ID,
      name: {
        default: 'Storefront Catalog - EN',
        'fr-FR': 'Catalogue vitrine',
        'de-DE': 'Shop-Katalog',
      },
      isMaster: false,
    },
  ];

  const categories: SimCategory[] = [];
  const words = (x: Words): Localized<string> => localize([...SIM_LOCALES], (lang) => x[lang]);
  const leaves: Leaf[] = [];
  for (const catalog of catalogs) {
    categories.push({
      id: 'root',
      catalogId: catalog.id,
      name: { default: 'Root' },
      parentId: null,
      position: 0,
      online: true,
    });
  }
  TREE.forEach((dept, i) => {
    // The master catalog classifies by department; the storefront nests three levels deep.
    categories.push({
      id: dept.id,
      catalogId: SIM_MASTER_CATALOG_ID,
      name: words(dept.name),
      parentId: 'root',
      position: i,
      online: true,
    });
    categories.push({
      id: dept.id,
      catalogId: SIM_STOREFRONT_CATALOG_ID,
      name: words(dept.name),
      parentId: 'root',
      position: i,
      online: true,
    });
    dept.groups.forEach((group, j) => {
      categories.push({
        id: group.id,
        catalogId: SIM_STOREFRONT_CATALOG_ID,
        name: words(group.name),
        parentId: dept.id,
        position: j,
        online: true,
      });
      group.leaves.forEach((leaf, k) => {
        categories.push({
          id: leaf.id,
          catalogId: SIM_STOREFRONT_CATALOG_ID,
          name: words(leaf.noun),
          parentId: group.id,
          position: k,
          // One category offline, as real storefronts have seasonal ones.
          online: leaf.id !== 'womens-accessories-scarves',
        });
        leaves.push({ ...leaf, department: dept.id });
      });
    });
  });
  return { catalogs, categories, leaves };
}

export function generateInstanceData(seed: number, options: SimDataOptions = {}): SimInstanceData {
  const prng = createPrng(seed);
  const { catalogs, categories, leaves } = buildCatalogs();
  const b: Builder = { texts: textCache(), leaves, products: [] };

  for (let m = 1; m <= DEFAULT_MASTERS; m++) addFamily(prng, b, m);
  const itemCount = Math.max(600, SIM_MIN_PRODUCTS + 200 - b.products.length);
  for (let i = 1; i <= itemCount; i++) addItem(prng, b, i);

  const wanted = options.products ?? 0;
  if (wanted > b.products.length) {
    const extra = createPrng(seed ^ EXTRA_STREAM);
    let masters = DEFAULT_MASTERS;
    let items = itemCount;
    while (b.products.length < wanted) {
      if (extra.chance(EXTRA_ITEM_CHANCE)) addItem(extra, b, ++items);
      else addFamily(extra, b, ++masters);
    }
  }

  const products = b.products;
  return {
    catalogs,
    categories,
    products,
    productsById: new Map(products.map((p) => [p.id, p])),
    sites: [
      {
        id: SIM_SITE_ID,
        name: 'Reference Architecture',
        storefrontCatalogId: SIM_STOREFRONT_CATALOG_ID,
        currency: 'USD',
      },
    ],
    prices: new Map(),
    libraries: new Map([
      [SIM_SITE_ID, new Map()],
      [SIM_SHARED_LIBRARY_ID, new Map()],
    ]),
    contentAttributes: new Map([
      [
        'body',
        { id: 'body', displayName: { default: 'Body' }, valueType: 'html', localizable: true },
      ],
    ]),
    version: 0,
  };
}

/** The storefront category a product is assigned to, as Business Manager's catalog assignment. */
export interface SimCategoryAssignment {
  catalogId: string;
  categoryId: string;
}

/** About one family or item in twelve lives only in the master catalog, as new or retired ones do. */
const MASTER_ONLY_PER_100 = 8;

/**
 * A product's storefront assignments, a pure function of its ids so the seeded data stays as it
 * was: masters and items are assigned to their leaf category unless their id hashes into the
 * master-only share; variation groups and variants follow their master.
 */
export function categoryAssignmentsOf(p: SimProduct): SimCategoryAssignment[] {
  const familyId = p.masterId ?? p.id;
  if (hashSeed(familyId) % 100 < MASTER_ONLY_PER_100) return [];
  return [{ catalogId: SIM_STOREFRONT_CATALOG_ID, categoryId: p.primaryCategoryId }];
}

export const SIM_VARIATION_ATTRIBUTES = {
  color: {
    name: { default: 'Color', 'fr-FR': 'Couleur', 'de-DE': 'Farbe' },
    values: new Map(
      COLORS.map((c) => [
        c.code,
        { default: c.words.en, 'fr-FR': c.words.fr, 'de-DE': c.words.de } as Localized<string>,
      ]),
    ),
  },
  size: {
    name: { default: 'Size', 'fr-FR': 'Taille', 'de-DE': 'Größe' },
    values: new Map(SIZES.map((s) => [s, { default: s } as Localized<string>])),
  },
} as const;

export interface SimVariationValues {
  color?: string;
  size?: string;
}

/** A variation group's color, or a variant's color and size; others have none. */
export function variationValuesOf(p: SimProduct): SimVariationValues {
  if (!p.masterId || (p.type !== 'variant' && p.type !== 'variation_group')) return {};
  return variationValuesFromIds(p.masterId, p.id);
}

/**
 * Read from the id (`M-00001-NVY` / `M-00001-NVY-M`): the ids were built from them, so nothing else
 * is stored and no seeded draw changes.
 */
export function variationValuesFromIds(masterId: string, id: string): SimVariationValues {
  const [color, size] = id.slice(masterId.length + 1).split('-');
  const values: SimVariationValues = {};
  if (color) values.color = color;
  if (size) values.size = size;
  return values;
}

/** Merges per locale, as OCAPI's PATCH does: a value replaces that locale's, null removes it. */
export function mergeLocalized<T>(target: Localized<T>, patch: Record<string, T | null>) {
  for (const [locale, value] of Object.entries(patch)) {
    if (value === null) delete target[locale];
    else target[locale] = value;
  }
}

/** Markup as written through OCAPI or Business Manager: kept as sent, which is also its source. */
const storedMarkup = (markup: string): Markup => ({ markup, source: markup });

/** Markup per locale from what was sent, null (remove) kept. */
export function storedMarkups(value: Record<string, string | null>): Record<string, Markup | null> {
  return Object.fromEntries(
    Object.entries(value).map(([locale, m]) => [locale, m === null ? null : storedMarkup(m)]),
  );
}

/**
 * What a Business Manager user edits on a product, in the simulator's own shape: texts per locale
 * (descriptions as markup), null removing a locale's value.
 */
export interface SimProductEdit {
  name?: Record<string, string | null>;
  page_title?: Record<string, string | null>;
  page_description?: Record<string, string | null>;
  page_keywords?: Record<string, string | null>;
  short_description?: Record<string, string | null>;
  long_description?: Record<string, string | null>;
  online?: Record<string, boolean | null>;
}

const EDITABLE_TEXTS = ['name', 'page_title', 'page_description', 'page_keywords'] as const;
const EDITABLE_MARKUPS = ['short_description', 'long_description'] as const;

export function editProduct(data: SimInstanceData, product: SimProduct, edit: SimProductEdit) {
  for (const field of EDITABLE_TEXTS) {
    const value = edit[field];
    if (value) mergeLocalized(product[field], value);
  }
  for (const field of EDITABLE_MARKUPS) {
    const value = edit[field];
    if (value) mergeLocalized(product[field], storedMarkups(value));
  }
  if (edit.online) mergeLocalized(product.online, edit.online);
  touchProduct(data, product);
}

/** Records a change to a product: a later last_modified, and derived data rebuilt. */
export function touchProduct(data: SimInstanceData, product: SimProduct) {
  // Strictly later, even for two edits within a millisecond, so incremental syncs see each.
  const next = Math.max(Date.now(), Date.parse(product.lastModified) + 1);
  product.lastModified = new Date(next).toISOString();
  data.version += 1;
}

/** Removes a product, as deleting it in Business Manager does; false when there was none. */
export function removeProduct(data: SimInstanceData, id: string): boolean {
  const product = data.productsById.get(id);
  if (!product) return false;
  data.productsById.delete(id);
  data.products.splice(data.products.indexOf(product), 1);
  const master = product.masterId ? data.productsById.get(product.masterId) : undefined;
  if (master?.variantIds) master.variantIds = master.variantIds.filter((v) => v !== id);
  data.version += 1;
  return true;
}

/**
 * A product's sales price on the storefront site: a family (master, variation groups, variants) has
 * one price, an item its own; seeded from the id (19.99 to 289.99), unless the instance set one.
 */
export function simPriceOf(data: Pick<SimInstanceData, 'prices'>, p: SimProduct): number {
  const family = p.masterId ?? p.id;
  const set = data.prices.get(family);
  if (set !== undefined) return set;
  return Math.round((19.99 + (hashSeed('price', family) % 28) * 10) * 100) / 100;
}
