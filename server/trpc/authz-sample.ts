import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/**
 * How an area tells the authorization walk (authz.test.ts) to call its procedures: a valid input per
 * procedure, and for procedures that name no org, what a signed-in non-member gets. Each area lists its
 * own in `<area>/authz-samples.ts`; the walk collects every such file and fails when a procedure has none.
 */

/** Values the walk creates before it runs (ids of seeded rows, a token made for someone else). */
export interface WalkFixtures {
  /** Acme's org id: the walk points every org-scoped input at it. */
  acme: string;
  /** An invitation token sent to another address than the caller's. */
  otherEmailToken: string;
}

/** The product the walk puts in acme's catalogue copy. */
export const WALK_PRODUCT_ID = 'walk-product';
/** The agent run the walk puts in acme's prod env. */
export const WALK_RUN_ID = 'walk-run';
/** The proposal the walk puts in acme's prod env (pending, on the walk's product). */
export const WALK_PROPOSAL_ID = 'walk-proposal';
/** The finished monitoring run the walk puts in acme's prod env, and the one prompt it asked. */
export const WALK_MONITORING_RUN_ID = 'walk-monitoring-run';
export const WALK_PROMPT_KEY = 'new:walk';
/** An open alert that run raised. */
export const WALK_ALERT_ID = 'walk-alert';

export type NonMemberOutcome =
  /** Refused although the input names no org (e.g. an invitation sent to someone else). */
  | { forbidden: true }
  /** Answered as if it did not exist: the superusers' own pages (`spProcedure`). */
  | { notFound: true }
  /**
   * Refused for the sample's own sake, with this code: a sample that would change the walker beyond
   * the walk's use (deleting their own account) is sent so that it is refused.
   */
  | { refused: TRPC_ERROR_CODE_KEY }
  /** The result a signed-in non-member gets (empty, no-membership, or org-free data). */
  | { result: (value: unknown) => void | Promise<void> };

export interface AuthzSample {
  /** A valid input; for org-scoped procedures the walk points its org at acme. */
  input: (fixtures: WalkFixtures) => unknown;
  /** Only for procedures whose input requires no org; the org-scoped ones are FORBIDDEN by rule. */
  nonMember?: NonMemberOutcome;
  /** Refused to Maya, a regular member of orgs (who is not a superuser); the walk then calls it as Ada. */
  superuserOnly?: true;
  /** With `superuserOnly`: refused as NOT_FOUND, not FORBIDDEN (the superusers' pages, `spProcedure`). */
  hidden?: true;
}

/** Procedure path → sample. */
export type AuthzSamples = Record<string, AuthzSample>;

export const forbidden = { forbidden: true } as const;
export const notFound = { notFound: true } as const;
export const refused = (code: TRPC_ERROR_CODE_KEY) => ({ refused: code }) as const;
