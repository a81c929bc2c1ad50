/** The org context behind an env's URL, resolved once by the env layout for every screen below it, and how its failures are classified; free of UI and tRPC runtime imports, so it stays cheap in the entry chunk. */
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { Env, Org } from '~/domain/orgs/entities';
import type { Api } from './api';
import type { AppRouter } from './trpc';

/** orgs.getContext for an env's URL, read without retry: a missing org or env is an answer, not a fault. */
export function orgContextQuery(
  trpc: TRPCOptionsProxy<AppRouter>,
  params: { orgSlug: string; envSlug: string },
) {
  return { ...trpc.orgs.getContext.queryOptions(params), retry: false as const };
}

export type OrgContextProblem = 'not-member' | 'env-missing';

/** The expected problem behind a tRPC error (not a member, env missing: docs/product.md#orgs-and-environments), or null for anything unexpected (rethrown). */
export function orgContextProblem(error: unknown): OrgContextProblem | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const code = (error.data as { code?: unknown } | null | undefined)?.code;
  if (code === 'FORBIDDEN') return 'not-member';
  if (code === 'NOT_FOUND') return 'env-missing';
  return null;
}

/** The ids an env's procedures take. */
export interface EnvScope {
  orgId: string;
  envId: string;
}

/** The org and env a screen under /app/{orgSlug}/{envSlug} works in, as its loader reads them from the route context. */
export interface OrgContext {
  org: Org;
  env: Env;
  scope: EnvScope;
  /** Whether the env has an onboarded B2C Commerce instance: without one, the screens behind the instance gate read nothing (docs/product.md#gates). */
  onboarded: boolean;
}

/** What the env layout puts in the route context: the org context, or the expected problem the layout shows in its place (loaders below then read nothing). */
export interface OrgContextOfRoute {
  orgContext: OrgContext | null;
  orgContextProblem: OrgContextProblem | null;
}

/** Reads the org context behind an env's URL (the cached one when there is one); unexpected failures are rethrown. */
export async function resolveOrgContext(
  api: Api,
  params: { orgSlug: string; envSlug: string },
): Promise<OrgContextOfRoute> {
  try {
    const { org, env } = await api.queryClient.ensureQueryData(orgContextQuery(api.trpc, params));
    const orgContext: OrgContext = {
      org,
      env,
      scope: { orgId: org.id, envId: env.id },
      onboarded: env.b2cInstance?.onboarded === true,
    };
    return { orgContext, orgContextProblem: null };
  } catch (error) {
    const problem = orgContextProblem(error);
    if (problem) return { orgContext: null, orgContextProblem: problem };
    throw error;
  }
}
