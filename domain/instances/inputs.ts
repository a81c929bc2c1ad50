/** Inputs of the b2cInstances and b2cAPIClients procedures. An instance's row id is always `b2cInstanceId`. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { B2C_CAPABILITIES } from './capabilities';

export const b2cInstanceInput = z.object({ orgId: idSchema, b2cInstanceId: idSchema });
export const verifyCapabilityInput = z.object({
  orgId: idSchema,
  b2cInstanceId: idSchema,
  capability: z.enum(B2C_CAPABILITIES),
});
/** A client created in Account Manager by someone else, pasted: its id and its secret (12–128). */
export const pasteApiClientInput = z.object({
  orgId: idSchema,
  clientId: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the API client ID.'),
      z.maxLength(100, 'An API client ID is at most 100 characters.'),
      z.regex(
        /^[\w.-]+$/,
        'An API client ID has letters, digits, dashes, dots or underscores only.',
      ),
    ),
  secret: z
    .string()
    .check(
      z.minLength(12, 'An API client secret has at least 12 characters.'),
      z.maxLength(128, 'An API client secret has at most 128 characters.'),
    ),
});

export const verifyOnboardedInput = z.object({
  orgId: idSchema,
  envId: idSchema,
  b2cInstanceId: idSchema,
});

/** Account Manager organization ids are UUIDs; realm ids four letters or digits ("zzte"). */
export const AM_ORGANIZATION_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const REALM_ID_PATTERN = /^[a-z0-9]{4}$/;

export const linkOrganizationInput = z.object({
  orgId: idSchema,
  amOrganizationId: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the Account Manager organization ID.'),
      z.regex(
        AM_ORGANIZATION_ID_PATTERN,
        'An Account Manager organization ID has letters, digits and dashes only (at most 64).',
      ),
    ),
  /** Needed only where the person's roles cannot read the organization's realms. */
  realms: z.optional(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.toLowerCase(),
            z.regex(REALM_ID_PATTERN, 'A realm ID is four letters or digits, such as zzte.'),
          ),
      )
      .check(z.maxLength(50, 'At most 50 realms.')),
  ),
});

/** A host name as typed: letters, digits, dots and dashes, at least one dot, at most 253. */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const setInstanceHostInput = z.object({
  orgId: idSchema,
  b2cInstanceId: idSchema,
  host: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Enter the instance host name.'),
      z.regex(
        HOST_NAME_PATTERN,
        'Enter a host name only, such as production-eu01-acme.demandware.net (no https://, no path).',
      ),
    ),
});
