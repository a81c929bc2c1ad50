/**
 * Call limits per person and per org (docs/security.md, rule 6): the classes of procedure, and the
 * refusal in words. The server counts (server/trpc/limits.ts); screens show the refusal's message.
 */

/**
 * `call`: every procedure; `model`: those that start model work (analyst questions, agent and
 * monitoring runs); `instance`: those that call the customer's B2C Commerce instance or Account Manager.
 */
export const LIMIT_CLASSES = ['call', 'model', 'instance'] as const;
export type LimitClass = (typeof LIMIT_CLASSES)[number];

/** Who a limit counts: one person, or everyone in one org together. */
export type LimitScope = 'user' | 'org';

/** Limits count calls in fixed windows of a minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

const WHAT: Record<LimitClass, string> = {
  call: 'requests',
  model: 'AI requests (analyst questions, agent and monitoring runs)',
  instance: 'requests to the B2C Commerce instance (refreshes, syncs, checks)',
};

/** The refusal of a call over its limit; `retryAfterSeconds` is when the window ends. */
export function rateLimitedMessage(
  scope: LimitScope,
  limitClass: LimitClass,
  retryAfterSeconds: number,
): string {
  const who = scope === 'user' ? 'you' : 'your org';
  return `Too many ${WHAT[limitClass]} from ${who} in the last minute. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds))} s.`;
}
