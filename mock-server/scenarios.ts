/** Named tRPC scenarios shared by stories and tests; compose with mergeScenarios to change one procedure. */
import type { Env, Org } from '../domain/entities';
import { envs, orgList, orgs } from './fixtures';
import type { TrpcScenario } from './trpc/scenario';

/** A signed-in user at {org}/{env}: the context loads, menus answer when opened. */
export function atEnv(org: Org = orgs.acme, env: Env = envs.prod): TrpcScenario {
  return {
    'orgs.getContext': { org, env },
    'orgs.allOrgsForUser': orgList,
    'envs.list': [envs.prod, envs.staging],
  };
}
