/**
 * The free AEO report's first run (spec section 1, docs/product.md#monitoring): someone who signed in
 * through `campaign=aeo` and just linked an env to an instance finds monitoring configured from that
 * instance (the brand from its storefront site, prompts from the storefront catalogue's top
 * categories) and a first run under way. Anyone else, or an env already configured, is left alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { AI_ENGINES, type AiEngine } from '~/domain/ai/models';
import {
  CAMPAIGN_PROMPT_CATEGORIES,
  type Campaign,
  categoryPrompt,
} from '~/domain/monitoring/campaign';
import { MONITORING_LIMITS, monitoringConfigSchema } from '~/domain/monitoring/config';
import type { MonitoringRun } from '~/domain/monitoring/runs';
import type { Db } from '~/server/db/client';
import { b2cInstances, envs, monitoringConfigs, users } from '~/server/db/schema';
import type { B2CInstanceClients } from '~/server/integrations/b2c/gateway';
import type { MonitoringService } from './service';

/** Keeps the first campaign a person came through; a later one does not replace it. */
export async function noteCampaign(db: Db, userId: string, campaign: Campaign): Promise<void> {
  await db
    .update(users)
    .set({ campaign })
    .where(and(eq(users.id, userId), isNull(users.campaign)));
}

const nameOf = (name: Record<string, string> | undefined, fallback: string) =>
  name?.default ?? name?.['en-US'] ?? Object.values(name ?? {})[0] ?? fallback;

/**
 * Configures monitoring from the env's instance and starts its first run, when `userId` came through
 * the AEO campaign and the env has no config yet. Returns the run, or null when there is none to start.
 */
export async function startCampaignRun(
  db: Db,
  monitoring: Pick<MonitoringService, 'saveConfig' | 'start'>,
  scope: { orgId: string; envId: string; userId: string },
  instanceClients: () => Promise<B2CInstanceClients>,
  engines: readonly AiEngine[] = AI_ENGINES,
): Promise<MonitoringRun | null> {
  const { orgId, envId, userId } = scope;
  const [person] = await db
    .select({ campaign: users.campaign })
    .from(users)
    .where(eq(users.id, userId));
  if (person?.campaign !== 'aeo') return null;
  const [configured] = await db
    .select({ envId: monitoringConfigs.envId })
    .from(monitoringConfigs)
    .where(eq(monitoringConfigs.envId, envId));
  if (configured) return null;
  const [instance] = await db
    .select({ host: b2cInstances.host })
    .from(envs)
    .innerJoin(b2cInstances, eq(envs.b2cInstanceId, b2cInstances.id))
    .where(and(eq(envs.orgId, orgId), eq(envs.id, envId)));
  if (!instance?.host) return null;
  const host = instance.host;

  const clients = await instanceClients();
  const [sites, catalogs] = await Promise.all([
    clients.data.listSites(),
    clients.data.listCatalogs(),
  ]);
  const site = sites[0];
  // The site's storefront catalog is the one naming it in `assigned_sites` (ADR 0042).
  const storefront = site
    ? catalogs.find((c) => c.assigned_sites?.some((s) => s.id === site.id))
    : undefined;
  const categories = storefront ? (await clients.data.listCategories(storefront.id)).data : [];
  const top = categories
    .filter((c) => c.parent_category_id === 'root' && c.online !== false)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .slice(0, CAMPAIGN_PROMPT_CATEGORIES)
    .map((c) => categoryPrompt(nameOf(c.name, c.id).toLocaleLowerCase('en-US')));

  const config = monitoringConfigSchema.safeParse({
    brandName: nameOf(site?.display_name, site?.id ?? host),
    // The storefront's own domain is not in the catalogue; the instance's host stands in until
    // someone changes it in the configuration.
    brandDomain: host,
    newPrompts: top.length > 0 ? top : [categoryPrompt('products')],
    engines: [...engines],
    samples: MONITORING_LIMITS.samples.default,
    schedule: 'weekly',
  });
  if (!config.success) return null;
  await monitoring.saveConfig(orgId, envId, userId, config.data);
  return monitoring.start(orgId, envId, userId, 'onboarding');
}
