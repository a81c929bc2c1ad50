/** Row ids as procedures accept them. */
import { z } from 'zod/mini';

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64));
