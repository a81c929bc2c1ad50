/** Named tRPC scenarios shared by stories and tests; compose with mergeScenarios to change one procedure. */
import type { B2CInstance } from '~/domain/instances/entities';
import type { Env, Org } from '~/domain/orgs/entities';
import { NO_RESULTS } from '~/domain/monitoring/runs';
import { aiBudgets } from './ai-budget';
import { envs, orgList, orgs } from './fixtures';
import type { TrpcScenario } from './trpc/scenario';

/** A signed-in user at {org}/{env}: the context loads, menus answer when opened. */
export function atEnv(org: Org = orgs.acme, env: Env = envs.prod): TrpcScenario {
  return {
    'orgs.getContext': { org, env },
    'orgs.allOrgsForUser': orgList,
    'envs.list': [envs.prod, envs.staging],
    // The env's home is AI discoverability monitoring: before any run and any config, by default.
    'monitoring.results': NO_RESULTS,
    'monitoring.getConfig': { config: null, defaults: {}, updatedAt: null },
    'monitoring.runs': [],
    // Settings opens on the org view, which shows the AI budget.
    'aiBudget.get': aiBudgets.underBudget,
  };
}

/** The prod env before any instance is linked: what onboarding starts from. */
export const envWithoutInstance: Env = { ...envs.prod, b2cInstance: null };

/** Maya at acme/prod with no instance linked, b2cInstances.sync answering `instances`. */
export function atOnboarding(instances: B2CInstance[]): TrpcScenario {
  return { ...atEnv(orgs.acme, envWithoutInstance), 'b2cInstances.sync': instances };
}
