/** The org's prompt library: names unique per org (any case); another org's prompt is NOT_FOUND, never shown. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Prompt } from '~/domain/prompts/entities';
import { PROMPT_MESSAGES } from '~/domain/prompts/messages';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import { prompts } from '~/server/db/schema';
import { requireOrg } from '~/server/orgs/rows';

const promptColumns = {
  id: prompts.id,
  name: prompts.name,
  text: prompts.text,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
};

function nameTaken(name: string): DomainError {
  return new DomainError('CONFLICT', PROMPT_MESSAGES.promptNameTaken(name), 'name-taken');
}

function notFound(): DomainError {
  return new DomainError('NOT_FOUND', PROMPT_MESSAGES.promptNotFound, 'prompt-not-found');
}

export interface PromptsService {
  list(orgId: string): Promise<Prompt[]>;
  create(orgId: string, input: { name: string; text: string }): Promise<Prompt>;
  /** NOT_FOUND when the prompt is not the org's, so ids of other orgs tell nothing. */
  update(orgId: string, promptId: string, input: { name: string; text: string }): Promise<Prompt>;
  remove(orgId: string, promptId: string): Promise<void>;
}

export function createPromptsService(db: Db, now: () => Date = () => new Date()): PromptsService {
  return {
    async list(orgId) {
      await requireOrg(db, orgId);
      return db
        .select(promptColumns)
        .from(prompts)
        .where(eq(prompts.orgId, orgId))
        .orderBy(sql`lower(${prompts.name})`, asc(prompts.id));
    },

    async create(orgId, input): Promise<Prompt> {
      await requireOrg(db, orgId);
      const at = now();
      try {
        const [row] = await db
          .insert(prompts)
          .values({ orgId, name: input.name, text: input.text, createdAt: at, updatedAt: at })
          .returning(promptColumns);
        if (!row) throw new Error('Insert returned no row.');
        return row;
      } catch (error) {
        // The unique index decides, so two concurrent creates get the same answer as a pre-check.
        if (isUniqueViolation(error)) throw nameTaken(input.name);
        throw error;
      }
    },

    async update(orgId, promptId, input): Promise<Prompt> {
      try {
        const [row] = await db
          .update(prompts)
          .set({ name: input.name, text: input.text, updatedAt: now() })
          .where(and(eq(prompts.orgId, orgId), eq(prompts.id, promptId)))
          .returning(promptColumns);
        if (!row) throw notFound();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(input.name);
        throw error;
      }
    },

    async remove(orgId, promptId) {
      const deleted = await db
        .delete(prompts)
        .where(and(eq(prompts.orgId, orgId), eq(prompts.id, promptId)))
        .returning({ id: prompts.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}
