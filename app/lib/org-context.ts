/** The org context behind an env's URL, and how loaders classify its failures; free of UI and tRPC runtime imports, so it stays cheap in the entry chunk. */
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
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
