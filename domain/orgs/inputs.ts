/** Inputs of the orgs and envs procedures, validated on the server and reused by the app's forms and the mocks. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { ORG_OVERVIEW_FILTERS } from './search';
import { slugSchema } from './slug';

/** Every org-scoped procedure's input names its org; the org guard reads it. */
export const orgIdInput = z.object({ orgId: idSchema });
/** Every env-scoped procedure's input names its org and env; the env guard reads both. */
export const envScopeInput = z.object({ orgId: idSchema, envId: idSchema });
export const bestRedirectInput = z.optional(
  z.object({ orgSlug: z.optional(z.string().check(z.maxLength(64))) }),
);
export const orgContextInput = z.object({
  orgSlug: z.string().check(z.minLength(1), z.maxLength(64)),
  envSlug: z.string().check(z.minLength(1), z.maxLength(64)),
});
const nameInput = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, 'At least 2 characters'),
    z.maxLength(80, 'At most 80 characters'),
  );
/** What the create-org and create-env forms ask for (the env's org comes from the route). */
export const nameSlugInput = z.object({ name: nameInput, slug: slugSchema });
export const createOrgInput = nameSlugInput;
export const createEnvInput = z.object({ orgId: idSchema, name: nameInput, slug: slugSchema });
/** The superusers' list of every org: all of them, or only those waiting for verification. */
export const orgOverviewInput = z.object({ show: z.enum(ORG_OVERVIEW_FILTERS) });
