import { describe, expect, it } from 'vitest';
import { costOf } from '~/domain/ai/models';
import { estimateRun, REASON_TOKENS, TRANSLATION_GROWTH, WRITTEN_TOKENS } from './estimate';

describe('a run estimate', () => {
  it('counts one call per product, locale and field group, and prices the tokens', () => {
    const estimate = estimateRun({
      agentType: 'seo',
      provider: 'openai',
      products: 10,
      locales: ['default', 'fr-FR'],
      // Two groups: content (long_description) and seo (page_title, page_description).
      fields: ['long_description', 'page_title', 'page_description'],
      sourceCharacters: { name: 400, short_description: 4000, long_description: 8000 },
      instructionCharacters: 2000,
    });
    expect(estimate.modelCalls).toBe(10 * 2 * 2);
    // Each call: 500 instruction tokens; each locale reads the content once per group (name 100 +
    // short 1000 + long 2000 tokens over the 10 products).
    expect(estimate.inputTokens).toBe(40 * 500 + 2 * 2 * (100 + 1000 + 2000));
    const written =
      WRITTEN_TOKENS.long_description + WRITTEN_TOKENS.page_title + WRITTEN_TOKENS.page_description;
    expect(estimate.outputTokens).toBe(2 * 10 * written + 20 * 3 * REASON_TOKENS);
    expect(estimate.costUsd).toBe(
      costOf({
        model: 'gpt-5',
        inputTokens: estimate.inputTokens,
        outputTokens: estimate.outputTokens,
      }),
    );
    expect(estimate).toMatchObject({ model: 'gpt-5', products: 10, locales: ['default', 'fr-FR'] });
  });

  it('sizes a translation by the source text it carries', () => {
    const estimate = estimateRun({
      agentType: 'translation',
      provider: 'anthropic',
      products: 3,
      locales: ['de-DE'],
      fields: ['name'],
      sourceCharacters: { name: 120 },
      instructionCharacters: 800,
    });
    expect(estimate.modelCalls).toBe(3);
    expect(estimate.inputTokens).toBe(3 * 200 + 30);
    expect(estimate.outputTokens).toBe(Math.ceil(30 * TRANSLATION_GROWTH) + 3 * REASON_TOKENS);
  });

  it('costs nothing when nothing is in scope', () => {
    const estimate = estimateRun({
      agentType: 'seo',
      provider: 'google',
      products: 0,
      locales: ['default'],
      fields: ['page_title'],
      sourceCharacters: {},
      instructionCharacters: 900,
    });
    expect(estimate).toMatchObject({ modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 });
  });
});
