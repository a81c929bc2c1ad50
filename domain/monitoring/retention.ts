/**
 * How long an org keeps monitoring's raw answers (docs/operations.md#retention): a finished run's
 * answers go once the run is older than the org's retention; its aggregates, and so every figure the
 * results show, stay.
 */
import { z } from 'zod/mini';
import type { MembershipRole } from '~/domain/orgs/entities';
import { idSchema } from '~/domain/shared/ids';

export const ANSWER_RETENTION_DAYS = { min: 30, max: 3650, default: 180 } as const;

export const RETENTION_MESSAGES = {
  days: `Between ${ANSWER_RETENTION_DAYS.min} and ${ANSWER_RETENTION_DAYS.max} days`,
  ownersOnly: 'Only the org’s owners can change how long answers are kept.',
} as const;

export const answerRetentionDaysSchema = z
  .int()
  .check(
    z.minimum(ANSWER_RETENTION_DAYS.min, RETENTION_MESSAGES.days),
    z.maximum(ANSWER_RETENTION_DAYS.max, RETENTION_MESSAGES.days),
  );

export const answerRetentionInput = z.object({ orgId: idSchema });
export const setAnswerRetentionInput = z.object({
  orgId: idSchema,
  days: answerRetentionDaysSchema,
});

/** Owners and superusers change it; every member may read it. */
export function mayChangeAnswerRetention(actor: {
  isSuperUser: boolean;
  role: MembershipRole | null;
}): boolean {
  return actor.isSuperUser || actor.role === 'owner';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs that finished before this instant have had their answers removed (or are due to). */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** What the results say when some runs they show have lost their answers. */
export interface AnswersRemoved {
  /** Answers of runs that finished before this were removed. */
  before: Date;
  /** The org's retention, in days. */
  keptDays: number;
}
