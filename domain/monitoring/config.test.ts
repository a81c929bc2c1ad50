import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { CONFIG_MESSAGES } from '~/domain/agents/config';
import { MONITORING_MESSAGES, monitoringConfigSchema } from './config';

const valid = {
  brandName: 'Acme',
  brandDomain: 'Acme.com',
  competitors: [{ name: 'Globex', domain: 'globex.example' }, { name: 'Initech' }],
  promptIds: ['prompt-1'],
  engines: ['openai', 'anthropic'],
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = monitoringConfigSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('monitoring config', () => {
  it('fills the defaults: 10 samples, no schedule, no variants or new prompts', () => {
    const config = monitoringConfigSchema.parse(valid);
    expect(config).toMatchObject({
      brandDomain: 'acme.com',
      samples: 10,
      schedule: 'off',
      brandVariants: [],
      newPrompts: [],
    });
  });

  it('refuses bad input field by field', () => {
    expect(
      fieldErrors({
        ...valid,
        brandName: ' ',
        brandDomain: 'https://acme.com/shop',
        engines: [],
        samples: 51,
        promptIds: [],
        competitors: [
          { name: 'acme' },
          { name: 'Globex' },
          { name: 'globex' },
          { name: 'X', domain: 'nope' },
        ],
      }),
    ).toEqual({
      brandName: CONFIG_MESSAGES.brandName,
      brandDomain: CONFIG_MESSAGES.brandDomain,
      engines: MONITORING_MESSAGES.noEngine,
      samples: MONITORING_MESSAGES.samples,
      promptIds: MONITORING_MESSAGES.noPrompt,
      'competitors.2.name': MONITORING_MESSAGES.duplicateCompetitor,
      'competitors.3.domain': MONITORING_MESSAGES.competitorDomain,
    });
  });

  it('asks for a prompt, and competitors that are neither the brand nor repeated', () => {
    expect(fieldErrors({ ...valid, promptIds: [], newPrompts: [] })).toEqual({
      promptIds: MONITORING_MESSAGES.noPrompt,
    });
    expect(
      fieldErrors({
        ...valid,
        competitors: [{ name: 'ACME' }, { name: 'Globex' }, { name: ' globex ' }],
      }),
    ).toEqual({
      'competitors.0.name': MONITORING_MESSAGES.sameAsBrand,
      'competitors.2.name': MONITORING_MESSAGES.duplicateCompetitor,
    });
    expect(
      fieldErrors({ ...valid, promptIds: [], newPrompts: ['Best rain jacket for hiking?'] }),
    ).toEqual({});
  });

  it('takes 1 to 50 samples', () => {
    expect(fieldErrors({ ...valid, samples: 0 })).toEqual({ samples: MONITORING_MESSAGES.samples });
    expect(fieldErrors({ ...valid, samples: 1 })).toEqual({});
    expect(fieldErrors({ ...valid, samples: 50 })).toEqual({});
    expect(z.safeParse(monitoringConfigSchema, { ...valid, samples: 2.5 }).success).toBe(false);
  });
});
