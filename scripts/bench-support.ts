/**
 * What the benches share, and the cluster test with them (it loads the same data): a B2C gateway for
 * benches that never reach B2C Commerce, pending proposals per field and locale written straight with
 * SQL, and a monitoring config of N prompts for the AI provider simulator's brand.
 */
import { sql } from 'drizzle-orm';
import { AI_ENGINES } from '~/domain/ai/models';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { BRAND, OTHER_BRANDS } from '~/simulators/ai/answers';
import type { Db } from '~/server/db/client';
import { catalogProducts, proposals } from '~/server/db/schema';
import type { B2CGateway } from '~/server/integrations/b2c/gateway';

/** What benches that never reach B2C Commerce pass as the gateway: every call refused. */
export function fakeB2CGateway(): B2CGateway {
  const unused = () => Promise.reject(new Error('not used by the bench'));
  return {
    instanceBaseUrl: (host: string) => `https://${host}`,
    allowedHostSuffixes: [],
    isAllowedHost: () => false,
    personOrganizations: unused,
    listInstances: unused,
    ensureApiClient: unused,
    verify: unused,
    instanceClients: () => {
      throw new Error('not used by the bench');
    },
  };
}

/** Five proposals a product: field and locale (bench:reviews, and the cluster test's bulk publish). */
export const PROPOSAL_CHANGES = [
  ['page_title', 'default'],
  ['page_title', 'fr-FR'],
  ['page_description', 'default'],
  ['page_description', 'fr-FR'],
  ['page_keywords', 'default'],
] as const;

/**
 * One pending SEO proposal per product of `products` and change of `changes` (PROPOSAL_CHANGES unless
 * given), against the copy's current value; the proposed value is `${label}${field} ${locale} for ${productId}`.
 */
export async function insertProposals(
  db: Db,
  options: {
    envId: string;
    /** The products by id, or every `everyNth` product of the copy in id order, variants aside. */
    products: readonly string[] | { everyNth: number };
    label: string;
    model: string;
    changes?: readonly (readonly [field: string, locale: string])[];
  },
): Promise<void> {
  const { envId, products, label, model, changes = PROPOSAL_CHANGES } = options;
  const chosen = Array.isArray(products)
    ? sql.join(
        products.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`select b2c_product_id
            from (select b2c_product_id, row_number() over (order by b2c_product_id) as n
                    from ${catalogProducts} where env_id = ${envId} and type <> 'variant') numbered
           where n % ${(products as { everyNth: number }).everyNth} = 0`;
  for (const [field, locale] of changes) {
    await db.execute(sql`
      insert into ${proposals} (id, env_id, b2c_product_id, locale, field, agent_type,
                                current_value, proposed_value, model)
      select gen_random_uuid()::text, env_id, b2c_product_id, ${locale}, ${field}, 'seo',
             ${sql.identifier(field)} ->> ${locale},
             ${label} || ${field} || ' ' || ${locale} || ' for ' || b2c_product_id, ${model}
        from ${catalogProducts}
       where env_id = ${envId} and b2c_product_id in (${chosen})`);
  }
}

/**
 * Monitoring of the AI simulator's brand against its competitors: `prompts` new prompts ("Question
 * 1: which brand sells the best leather bag for work?"), the topics taken in turn, on every engine,
 * `samples` each, never scheduled.
 */
export function simulatorMonitoringConfig(options: {
  prompts: number;
  samples: number;
  topics: readonly string[];
}): MonitoringConfig {
  const { prompts, samples, topics } = options;
  return {
    brandName: BRAND.name,
    brandDomain: new URL(BRAND.url).hostname.replace(/^www\./, ''),
    brandVariants: [],
    competitors: OTHER_BRANDS.map((b) => ({ name: b.name, domain: new URL(b.url).hostname })),
    promptIds: [],
    newPrompts: Array.from(
      { length: prompts },
      (_, i) => `Question ${i + 1}: which brand sells the best ${topics[i % topics.length]}?`,
    ),
    engines: [...AI_ENGINES],
    memoryEngines: [],
    otherMarkets: [],
    samples,
    schedule: 'off',
    upliftRuns: 3,
  };
}
