/** Every reason a domain error can carry, composed from the areas: one line per area. */
import { ACCOUNT_ERROR_REASONS } from './account/messages';
import { AGENT_ERROR_REASONS } from './agents/messages';
import { AI_BUDGET_ERROR_REASONS } from './ai-budget/messages';
import { AI_ERROR_REASONS } from './ai/errors';
import { LANDING_PAGE_ERROR_REASONS } from './landing-pages/messages';
import { INSTANCE_ERROR_REASONS } from './instances/messages';
import { MEMBER_ERROR_REASONS } from './members/messages';
import { DELETION_ERROR_REASONS } from './orgs/deletion';
import { EXPORT_ERROR_REASONS } from './orgs/export';
import { ORG_ERROR_REASONS } from './orgs/messages';
import { PRODUCT_ERROR_REASONS } from './products/messages';
import { PROMPT_ERROR_REASONS } from './prompts/messages';
import { REVIEW_ERROR_REASONS } from './reviews/messages';
import { SHARED_ERROR_REASONS } from './shared/errors';

export const ERROR_REASONS = [
  ...SHARED_ERROR_REASONS,
  ...ORG_ERROR_REASONS,
  ...DELETION_ERROR_REASONS,
  ...EXPORT_ERROR_REASONS,
  ...MEMBER_ERROR_REASONS,
  ...ACCOUNT_ERROR_REASONS,
  ...INSTANCE_ERROR_REASONS,
  ...PROMPT_ERROR_REASONS,
  ...PRODUCT_ERROR_REASONS,
  ...AGENT_ERROR_REASONS,
  ...REVIEW_ERROR_REASONS,
  ...LANDING_PAGE_ERROR_REASONS,
  ...AI_ERROR_REASONS,
  ...AI_BUDGET_ERROR_REASONS,
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_REASONS);

/** The domain reason a tRPC error carries (`error.data.reason`), or null when it carries none we know. */
export function errorReasonOf(error: unknown): ErrorReason | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const reason = (error.data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && KNOWN.has(reason) ? (reason as ErrorReason) : null;
}
