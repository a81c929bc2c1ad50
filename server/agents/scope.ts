/**
 * What a config reaches in the env's catalogue copy (the products an estimate counts and a run
 * plans), and what in a config the env does not have (refused field by field when it is saved).
 */
import { and, arrayOverlaps, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type AgentConfig,
  configFields,
  configLookups,
  configReferenceErrors,
} from '~/domain/agents/config';
import { BASE_KINDS, type ProductField, type ProductKind } from '~/domain/products/entities';
import type { Db } from '~/server/db/client';
import {
  catalogCatalogs,
  catalogCategories,
  catalogProducts,
  catalogSyncs,
  prompts,
} from '~/server/db/schema';

/** Every kind but variation groups and variants: what agents work on unless told otherwise. */

export function scopeWhere(
  envId: string,
  config: AgentConfig,
  onlyProducts?: readonly string[] | null,
): SQL {
  const where: SQL[] = [eq(catalogProducts.envId, envId)];
  if (onlyProducts) {
    // Named products (a run started from an answer that got one wrong): base products only.
    where.push(inArray(catalogProducts.b2cProductId, [...onlyProducts]));
    where.push(inArray(catalogProducts.type, [...BASE_KINDS]));
  } else if (config.type === 'translation' && config.filterBy === 'product') {
    where.push(inArray(catalogProducts.b2cProductId, config.productIds));
  } else {
    where.push(arrayOverlaps(catalogProducts.catalogIds, config.catalogIds));
    if (config.type === 'translation' && config.categoryIds.length > 0) {
      where.push(arrayOverlaps(catalogProducts.categoryIds, config.categoryIds));
    }
    const kinds: ProductKind[] =
      config.type === 'translation' && config.productTypes?.includes('variation-group')
        ? [...BASE_KINDS, 'variation_group']
        : [...BASE_KINDS];
    where.push(inArray(catalogProducts.type, kinds));
  }
  return and(...where)!;
}

/** The locale the agent reads product content in, for the estimate's sums. */
export const readLocaleOf = (config: AgentConfig) =>
  config.type === 'translation' ? config.sourceLocale : 'default';

const FIELD_COLUMNS = {
  name: catalogProducts.name,
  short_description: catalogProducts.shortDescription,
  long_description: catalogProducts.longDescription,
  page_title: catalogProducts.pageTitle,
  page_description: catalogProducts.pageDescription,
  page_keywords: catalogProducts.pageKeywords,
} as const satisfies Record<ProductField, unknown>;
export { FIELD_COLUMNS };

/** Products in scope and the characters of content per field they hold in `locale`. */
export async function scopeSize(
  db: Db,
  envId: string,
  config: AgentConfig,
  onlyProducts?: readonly string[] | null,
): Promise<{ products: number; characters: Partial<Record<ProductField, number>> }> {
  const locale = readLocaleOf(config);
  const fields = new Set<ProductField>([
    ...configFields(config),
    ...(config.type === 'translation'
      ? []
      : (['name', 'short_description', 'long_description'] as const)),
  ]);
  const sums = Object.fromEntries(
    [...fields].map((f) => [
      f,
      sql<number>`coalesce(sum(length(coalesce(${FIELD_COLUMNS[f]} ->> ${locale}, ''))), 0)::float8`,
    ]),
  );
  const [row] = await db
    .select({ products: sql<number>`count(*)::int`, ...sums })
    .from(catalogProducts)
    .where(scopeWhere(envId, config, onlyProducts));
  const { products = 0, ...characters } = (row ?? {}) as Record<string, number>;
  return { products, characters: characters as Partial<Record<ProductField, number>> };
}

/** The ids of the products in scope, in id order (a run's plan). */
export async function scopeProductIds(
  db: Db,
  envId: string,
  config: AgentConfig,
  onlyProducts?: readonly string[] | null,
) {
  const rows = await db
    .select({ id: catalogProducts.b2cProductId })
    .from(catalogProducts)
    .where(scopeWhere(envId, config, onlyProducts))
    .orderBy(asc(catalogProducts.b2cProductId));
  return rows.map((r) => r.id);
}

/** The instance's languages as the copy knows them: every locale some product has a value in. */
export async function envLocales(db: Db, envId: string): Promise<string[]> {
  const [row] = await db
    .select({ locales: catalogSyncs.locales })
    .from(catalogSyncs)
    .where(eq(catalogSyncs.envId, envId));
  return row?.locales ?? [];
}

/** What the env does not have, keyed by the config's field names; empty when it has it all. */
export async function configFieldErrors(
  db: Db,
  orgId: string,
  envId: string,
  config: AgentConfig,
): Promise<Record<string, string>> {
  const wanted = configLookups(config);
  const [locales, catalogs, categories, products, prompt] = await Promise.all([
    envLocales(db, envId),
    wanted.catalogs.length === 0
      ? []
      : db
          .select({ id: catalogCatalogs.catalogId })
          .from(catalogCatalogs)
          .where(
            and(
              eq(catalogCatalogs.envId, envId),
              inArray(catalogCatalogs.catalogId, wanted.catalogs),
            ),
          ),
    wanted.categories.length === 0
      ? []
      : db
          .select({ id: catalogCategories.categoryId })
          .from(catalogCategories)
          .where(
            and(
              eq(catalogCategories.envId, envId),
              inArray(catalogCategories.catalogId, config.catalogIds),
              inArray(catalogCategories.categoryId, wanted.categories),
            ),
          ),
    wanted.products.length === 0
      ? []
      : db
          .select({ id: catalogProducts.b2cProductId })
          .from(catalogProducts)
          .where(
            and(
              eq(catalogProducts.envId, envId),
              inArray(catalogProducts.b2cProductId, wanted.products),
            ),
          ),
    wanted.promptId
      ? db
          .select({ id: prompts.id })
          .from(prompts)
          .where(and(eq(prompts.orgId, orgId), eq(prompts.id, wanted.promptId)))
      : [],
  ]);
  return configReferenceErrors(config, {
    locales,
    catalogs: catalogs.map((c) => c.id),
    categories: categories.map((c) => c.id),
    products: products.map((p) => p.id),
    promptFound: prompt.length > 0,
  });
}
