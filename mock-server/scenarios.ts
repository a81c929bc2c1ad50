/** Named tRPC scenarios shared by stories and tests; compose with mergeScenarios to change one procedure. */
import type { B2CInstance, OrganizationStep } from '~/domain/instances/entities';
import type { Env, Org, OrgOverview } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { NO_RESULTS } from '~/domain/monitoring/runs';
import { aiBudgets } from './ai-budget';
import { envs, orgList, orgOverviews, organizationSteps, orgs } from './fixtures';
import { domainError, type TrpcScenario } from './trpc/scenario';

/** A signed-in user at {org}/{env}: the context loads, menus answer when opened. */
export function atEnv(org: Org = orgs.acme, env: Env = envs.prod): TrpcScenario {
  return {
    'orgs.getContext': { org, env },
    'orgs.allOrgsForUser': orgList,
    'envs.list': [envs.prod, envs.staging],
    // The env's home is AI discoverability monitoring: before any run and any config, by default.
    'monitoring.results': NO_RESULTS,
    'monitoring.getConfig': { config: null, defaults: {}, markets: [], updatedAt: null },
    'monitoring.runs': [],
    // No alert is open, and the latest run (if any) has been read for them.
    'monitoring.alerts': { alerts: [], pending: false },
    // Settings opens on the org view, which shows the AI budget and how long answers are kept.
    'aiBudget.get': aiBudgets.underBudget,
    'monitoring.answerRetention': { days: 180 },
    'monitoring.setAnswerRetention': ({ days }) => ({ days }),
    // Its owners' Export data card: no export yet.
    'orgs.latestExport': null,
    // An unverified org's Onboarding needed block: nobody has asked for verification yet.
    'orgs.verificationRequest': null,
  };
}

/** The prod env before any instance is linked: what onboarding starts from. */
export const envWithoutInstance: Env = { ...envs.prod, b2cInstance: null };

/**
 * Maya at acme/prod with no instance linked, the org linked to Acme's Account Manager organization,
 * b2cInstances.sync answering `instances`; her Account Manager sign-in may create the org's API client.
 */
export function atOnboarding(
  instances: B2CInstance[],
  organization: OrganizationStep = organizationSteps.linked,
): TrpcScenario {
  return {
    ...atEnv(orgs.acme, envWithoutInstance),
    'b2cInstances.organizationStep': organization,
    'b2cInstances.sync': instances,
    'b2cAPIClients.setup': { create: 'allowed' },
  };
}

/**
 * The superusers' org list (/app/sp/orgs) over `list`: orgs.overview answers every org or the
 * unverified ones, and orgs.verify marks one verified, so the list read again shows it. `reset()`
 * starts again from `list` (a story's beforeEach).
 */
export function spOrgs(
  list: readonly OrgOverview[] = orgOverviews,
  options: { verifyMs?: number } = {},
): {
  trpc: TrpcScenario;
  reset(): void;
} {
  let current = list.map((org) => ({ ...org }));
  return {
    trpc: {
      'orgs.overview': ({ show }) =>
        current.filter((org) => show === 'all' || !org.verified).map((org) => ({ ...org })),
      'orgs.verify': async ({ orgId }) => {
        if (options.verifyMs) await new Promise((resolve) => setTimeout(resolve, options.verifyMs));
        const org = current.find((o) => o.id === orgId);
        if (!org) return domainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
        org.verified = true;
        org.verificationRequest = null;
        return { id: org.id, slug: org.slug, name: org.name, verified: true };
      },
    },
    reset: () => {
      current = list.map((org) => ({ ...org }));
    },
  };
}
