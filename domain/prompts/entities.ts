/** A saved prompt of the org's library (settings → Prompts), used by agents and AEO monitoring. */
import { z } from 'zod/mini';

export const promptSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Prompt = z.infer<typeof promptSchema>;
