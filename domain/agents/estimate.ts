/**
 * A run's estimate before it starts: one model call per product, locale and field group; input
 * tokens from the instructions and the product content actually in scope; output tokens from the
 * fields asked for; cost at the chosen model's list price. Tokens are counted as the vendors
 * roughly do for Latin-script text: four characters a token.
 */
import { AI_MODELS, type AiProvider, costOf } from '~/domain/ai/models';
import type { ProductField } from '~/domain/products/entities';
import type { AgentType } from './catalogue';
import { groupFields, type RunEstimate } from './runs';

export const tokensFor = (characters: number) => Math.ceil(characters / 4);

/** Output tokens of a written (not translated) value, by field: what a good answer runs to. */
export const WRITTEN_TOKENS: Record<ProductField, number> = {
  name: 15,
  page_title: 18,
  page_description: 45,
  page_keywords: 25,
  short_description: 90,
  long_description: 350,
};
/** The one-sentence reason given with every value, plus the answer's JSON. */
export const REASON_TOKENS = 35;
/** A translation runs a little longer than its source (German, French). */
export const TRANSLATION_GROWTH = 1.15;

export interface EstimateInput {
  agentType: AgentType;
  provider: AiProvider;
  products: number;
  locales: readonly string[];
  fields: readonly ProductField[];
  /** Characters of product content the prompts carry, summed over the products in scope, by field. */
  sourceCharacters: Partial<Record<ProductField, number>>;
  /** Characters of the system prompt for one field group (they differ a little by group; the longest). */
  instructionCharacters: number;
}

export function estimateRun(input: EstimateInput): RunEstimate {
  const { products, locales, fields, sourceCharacters } = input;
  const groups = groupFields(fields);
  let inputTokens = 0;
  let outputTokens = 0;
  let modelCalls = 0;
  const per = (field: ProductField) => tokensFor(sourceCharacters[field] ?? 0);
  for (const [, groupFieldList] of groups) {
    const calls = products * locales.length;
    modelCalls += calls;
    // Translation sends the fields it translates; the others send the product's content to write from.
    const context: ProductField[] =
      input.agentType === 'translation'
        ? groupFieldList
        : [
            ...new Set<ProductField>([
              'name',
              'short_description',
              'long_description',
              ...groupFieldList,
            ]),
          ];
    const contextTokens = context.reduce((sum, f) => sum + per(f), 0);
    inputTokens += calls * tokensFor(input.instructionCharacters) + locales.length * contextTokens;
    for (const field of groupFieldList) {
      const written =
        input.agentType === 'translation'
          ? Math.ceil(per(field) * TRANSLATION_GROWTH)
          : products * WRITTEN_TOKENS[field];
      outputTokens += locales.length * written + calls * REASON_TOKENS;
    }
  }
  const model = AI_MODELS[input.provider];
  return {
    agentType: input.agentType,
    provider: input.provider,
    model,
    products,
    locales: [...locales],
    fields: [...fields],
    modelCalls,
    inputTokens,
    outputTokens,
    costUsd: costOf({ model, inputTokens, outputTokens }),
  };
}
