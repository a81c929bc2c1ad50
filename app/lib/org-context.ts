/** Classifies orgs.getContext failures in loaders; kept free of UI and tRPC imports so it stays in the entry chunk cheaply. */
export type OrgContextProblem = 'not-member' | 'env-missing';

/** The expected problem behind a tRPC error (not a member, env missing: docs/product.md#orgs-and-environments), or null for anything unexpected (rethrown). */
export function orgContextProblem(error: unknown): OrgContextProblem | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const code = (error.data as { code?: unknown } | null | undefined)?.code;
  if (code === 'FORBIDDEN') return 'not-member';
  if (code === 'NOT_FOUND') return 'env-missing';
  return null;
}
