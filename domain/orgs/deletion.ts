/**
 * Deleting an environment or an org (docs/product.md#settings): who may, what the typed confirmation
 * must say, what goes with it, and what still running refuses it. Written once for the server's check
 * (server/orgs/deletion.ts), the settings screens and the mocks.
 */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import type { Env, MembershipRole } from './entities';

export interface DeletionActor {
  isSuperUser: boolean;
  /** The actor's role in the org, or null when they are not a member (a superuser may not be). */
  role: MembershipRole | null;
}

/** An environment: its owners, and superusers (who may act in any org). */
export function mayDeleteEnv(actor: DeletionActor): boolean {
  return actor.isSuperUser || actor.role === 'owner';
}

/**
 * An org: superusers, or its last owner (an org with several owners is theirs together: all but one
 * leave it first, so nobody loses an org another owner still wants).
 */
export function mayDeleteOrg(actor: DeletionActor, owners: number): boolean {
  return actor.isSuperUser || (actor.role === 'owner' && owners === 1);
}

/**
 * Whom the org settings offer deleting the org: superusers and owners. Whether an owner is the last
 * one takes the member list, which that screen does not load; `mayDeleteOrg` decides, on the server.
 */
export function offersOrgDeletion(actor: DeletionActor): boolean {
  return actor.isSuperUser || actor.role === 'owner';
}

/** What the person types to confirm: the env's or the org's slug, exactly (spaces around it aside). */
export function confirmationMatches(typed: string, slug: string): boolean {
  return typed.trim() === slug;
}

const confirmation = z.string().check(z.maxLength(64));
export const deleteEnvInput = z.object({ orgId: idSchema, envId: idSchema, confirmation });
export const deleteOrgInput = z.object({ orgId: idSchema, confirmation });

/** Work that refuses a deletion while it runs: it would write to what is being deleted. */
export const RUNNING_WORK = ['agent-run', 'monitoring-run', 'catalogue-sync', 'publish'] as const;
export type RunningWork = (typeof RUNNING_WORK)[number];

export const RUNNING_WORK_LABEL: Record<RunningWork, string> = {
  'agent-run': 'an agent run',
  'monitoring-run': 'a monitoring run',
  'catalogue-sync': 'a catalogue sync',
  publish: 'publishing approved proposals',
};

/** "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Whether deleting `env` also removes the org's stored API client secret: the org keeps one client for
 * every instance, so it goes only when no other env of the org is linked to an instance.
 */
export function secretGoesWithEnv(
  env: Pick<Env, 'id'>,
  orgEnvs: readonly Pick<Env, 'id' | 'b2cInstance'>[],
): boolean {
  return !orgEnvs.some((other) => other.id !== env.id && other.b2cInstance !== null);
}

/** What deleting an environment removes, in the order the dialog lists it. */
export function envDeletionLosses(secretGoes: boolean): string[] {
  return [
    'The catalogue copy: products, catalogs and categories',
    'Agent runs and agent settings',
    'Proposals and their review history',
    'Monitoring configuration and history',
    'Analyst conversations',
    'Landing pages',
    'Schedules and queued jobs',
    ...(secretGoes ? ['The stored API client secret'] : []),
  ];
}

/** What deleting an org removes: its people's access and every environment's data. */
export const ORG_DELETION_LOSSES = [
  'Every environment, with its catalogue copy, agent runs, proposals, monitoring history, landing pages, schedules and queued jobs',
  'Members and invitations',
  'The prompt library and landing-page themes',
  'The AI spend record and budget',
  'The stored API client secret',
] as const;

export const DELETION_MESSAGES = {
  envOwnersOnly: "Only the org's owners can delete an environment.",
  orgLastOwnerOnly:
    'Only a superuser, or the last owner of the org, can delete it. The other owners leave it first.',
  confirmationMismatch: (slug: string) => `Type "${slug}" exactly to confirm.`,
  envWorkRunning: (work: readonly RunningWork[]) =>
    `This environment cannot be deleted while ${listed(work.map((w) => RUNNING_WORK_LABEL[w]))} ${work.length > 1 ? 'are' : 'is'} running. Wait for ${work.length > 1 ? 'them' : 'it'} to end, or cancel ${work.length > 1 ? 'them' : 'it'}, then delete.`,
  orgWorkRunning: (work: readonly RunningWork[]) =>
    `This org cannot be deleted while ${listed(work.map((w) => RUNNING_WORK_LABEL[w]))} ${work.length > 1 ? 'are' : 'is'} running in its environments. Wait for ${work.length > 1 ? 'them' : 'it'} to end, or cancel ${work.length > 1 ? 'them' : 'it'}, then delete.`,
  /** The API client is the customer's, in their Account Manager: Beacon leaves it there. */
  apiClientStays:
    "Beacon's API client stays in your Account Manager: Beacon does not delete it there. Delete it in Account Manager if nothing else uses it.",
  secretStays:
    "The org's stored API client secret stays: other environments of this org are linked to an instance and use it.",
} as const;

export const DELETION_ERROR_REASONS = [
  'deletion-owners-only',
  'deletion-last-owner-only',
  'deletion-confirmation-mismatch',
  'deletion-work-running',
] as const;
export type DeletionErrorReason = (typeof DELETION_ERROR_REASONS)[number];
