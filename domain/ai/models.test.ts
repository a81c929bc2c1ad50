import { describe, expect, it } from 'vitest';
import { AI_ERROR_REASONS, AiError, aiErrorMessage } from './errors';
import { AI_MODELS, CLAUDE_MODEL, costOf, totalCost } from './models';

describe('costOf', () => {
  it('prices input and output tokens per million at the model’s rate', () => {
    expect(costOf({ model: 'gpt-5', inputTokens: 1_000_000, outputTokens: 0 })).toBe(1.25);
    expect(costOf({ model: 'gpt-5', inputTokens: 2_000, outputTokens: 500 })).toBe(0.0075);
    expect(costOf({ model: CLAUDE_MODEL, inputTokens: 1_000, outputTokens: 1_000 })).toBe(0.018);
    expect(costOf({ model: 'gemini-2.5-flash', inputTokens: 0, outputTokens: 0 })).toBe(0);
  });

  it('sums a run', () => {
    expect(
      totalCost([
        { model: 'gpt-5', inputTokens: 1_000, outputTokens: 100 },
        { model: 'gemini-2.5-flash', inputTokens: 1_000, outputTokens: 100 },
      ]),
    ).toBe(0.0028);
  });
});

describe('AiError', () => {
  it('says whether trying again can help, and names the provider', () => {
    const limited = new AiError('rate_limited', { provider: 'anthropic', retryAfterSeconds: 7 });
    expect(limited.retryable).toBe(true);
    expect(limited.message).toBe(
      'Claude is limiting how often Beacon may ask. Beacon will try again in 7 s.',
    );
    const auth = new AiError('auth', { provider: 'openai', status: 401 });
    expect(auth.retryable).toBe(false);
    expect(auth.message).toContain('ChatGPT refused');
  });

  it('has a message naming the provider for every reason', () => {
    for (const reason of AI_ERROR_REASONS) {
      expect(aiErrorMessage(reason, { provider: 'google' })).toContain('Gemini');
    }
  });

  it('names one model per engine: the three providers and Perplexity', () => {
    expect(Object.values(AI_MODELS)).toEqual([CLAUDE_MODEL, 'gpt-5', 'gemini-2.5-flash', 'sonar']);
  });
});
