/** The signed-in session as Auth.js serves it and every layer reads it. */
import { z } from 'zod/mini';

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  image: z.optional(z.nullable(z.string())),
  isSuperUser: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  user: sessionUserSchema,
  expires: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
