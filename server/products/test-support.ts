/**
 * Catalogue copies for the server's tests: a suite syncs one env from the B2C simulator (the real
 * sync, over HTTP) and gives each test an exact copy of it, instead of a full sync per test.
 */
import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import type { BeaconServices } from '~/server/services';
import {
  catalogCatalogs,
  catalogCategories,
  catalogProducts,
  catalogSyncs,
} from '~/server/db/schema';
import { syncCatalogue } from './sync';

/** What a sync writes for an env: its copy's four tables (server/products/sync.ts). */
const CATALOGUE_TABLES = [catalogCatalogs, catalogCategories, catalogProducts, catalogSyncs];

/**
 * Makes env `to`'s copy of the catalogue what env `from`'s is: every row of the sync's tables, the
 * sync state included. The triggers on catalog_products keep the category rows and the count as a
 * sync does.
 */
export async function copyCatalogue(db: Db, from: string, to: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of [...CATALOGUE_TABLES].reverse()) {
      await tx.execute(sql`delete from ${table} where env_id = ${to}`);
    }
    for (const table of CATALOGUE_TABLES) {
      const columns = sql.join(
        Object.values(getTableColumns(table))
          .filter((column) => column.name !== 'env_id')
          .map((column) => sql.identifier(column.name)),
        sql`, `,
      );
      await tx.execute(sql`
        insert into ${table} (env_id, ${columns})
        select ${to}, ${columns} from ${table} where env_id = ${from}`);
    }
  });
}

/**
 * A suite's catalogue, synced once, and an env of each test's own linked with it: the first call links
 * an env for the suite with `link` (through that call's services) and syncs it in full from the
 * simulator; every call then links the test's env with `link` and copies that sync into it. The test's
 * link comes last because linking points the simulated instance's OCAPI settings at the newest API
 * client only (server/simulator-link.ts), as pasting a new snippet into Business Manager does: a suite
 * link after it would leave the test's client without permissions.
 */
export function syncedOnce<Linked extends { org: { id: string }; env: { id: string } }>(
  link: (services: BeaconServices) => Promise<Linked>,
) {
  let template: Promise<string> | undefined;
  return async (services: BeaconServices, db: Db): Promise<Linked> => {
    template ??= (async () => {
      const { org, env } = await link(services);
      const clients = await services.b2cInstances.clientsForEnv(org.id, env.id);
      await syncCatalogue({ db, data: clients.data, envId: env.id, full: true });
      return env.id;
    })();
    const templateEnvId = await template;
    const linked = await link(services);
    await copyCatalogue(db, templateEnvId, linked.env.id);
    return linked;
  };
}

/**
 * Narrows `category` in env `envId`'s copy to its first `keep` base products (masters and items, by
 * id), so a run over it has that many items. Returns the category.
 */
export async function narrowCategory(
  db: Db,
  envId: string,
  keep: number,
  category = 'womens-clothing-dresses',
): Promise<{ category: string; kept: string[] }> {
  const kept = (
    await db
      .select({ id: catalogProducts.b2cProductId })
      .from(catalogProducts)
      .where(
        and(
          eq(catalogProducts.envId, envId),
          sql`${catalogProducts.categoryIds} @> array[${category}]`,
          sql`${catalogProducts.type} in ('master', 'item')`,
        ),
      )
      .orderBy(catalogProducts.b2cProductId)
      .limit(keep)
  ).map((k) => k.id);
  await db
    .update(catalogProducts)
    .set({ categoryIds: sql`array_remove(${catalogProducts.categoryIds}, ${category})` })
    .where(and(eq(catalogProducts.envId, envId), notInArray(catalogProducts.b2cProductId, kept)));
  return { category, kept };
}
