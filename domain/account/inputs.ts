/** Inputs of the account procedures. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';

export const leaveOrgInput = z.object({ orgId: idSchema });
/** The person's email address, typed to confirm (an address is at most 254 characters). */
export const deleteAccountInput = z.object({ confirmation: z.string().check(z.maxLength(254)) });
