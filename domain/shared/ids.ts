/** Row ids as procedures accept them. */
import { z } from 'zod/mini';

/** A NUL byte can name no row (PostgreSQL cannot store it): refused with the input, never sent to SQL. */
export const idSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[^\0]*$/, 'Must not contain a NUL byte.'));
