import { describe, expect, it } from 'vitest';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { configOf, draftOf } from './config-form';

const base = {
  brandName: 'Acme Outfitters',
  brandDomain: 'acme-outfitters.com',
  brandVariants: ['Acme'],
  competitors: [{ name: 'Trailborn' }],
  promptIds: ['prompt_trail_shoes'],
  newPrompts: ['Which trail shoes grip on wet rock?'],
  otherMarkets: [],
  engines: ['openai', 'anthropic'],
  memoryEngines: [],
  samples: 12,
  schedule: 'weekly',
  upliftRuns: 3,
} satisfies MonitoringConfig;

const saved = (config: MonitoringConfig | null, defaults: Partial<MonitoringConfig> = {}) => ({
  config,
  defaults,
});

describe('draftOf and configOf', () => {
  it('read a config asked in markets back as it was saved', () => {
    const config = {
      ...base,
      market: 'en-US',
      otherMarkets: [
        {
          market: 'fr-FR',
          promptIds: ['prompt_rain_jacket'],
          newPrompts: ['Quelle veste imperméable choisir ?', 'Quel sac à dos pour un trek ?'],
        },
        { market: 'de-DE', promptIds: [], newPrompts: ['Welche Regenjacke für die Alpen?'] },
      ],
    } satisfies MonitoringConfig;
    const draft = draftOf(saved(config));
    expect(draft.market).toBe('en-US');
    expect(draft.otherMarkets).toEqual([
      {
        market: 'fr-FR',
        promptIds: ['prompt_rain_jacket'],
        newPrompts: 'Quelle veste imperméable choisir ?\nQuel sac à dos pour un trek ?',
      },
      { market: 'de-DE', promptIds: [], newPrompts: 'Welche Regenjacke für die Alpen?' },
    ]);
    expect(configOf(draft)).toEqual(config);
  });

  it('leave a config from before markets without one', () => {
    const draft = draftOf(saved(base, { market: 'en-US' }));
    expect(draft.market).toBe('');
    expect(draft.otherMarkets).toEqual([]);
    const config = configOf(draft);
    expect(config).toEqual(base);
    expect('market' in config).toBe(false);
  });

  it('start a new config in the default market', () => {
    expect(draftOf(saved(null, { market: 'en-US' })).market).toBe('en-US');
    expect(draftOf(saved(null)).market).toBe('');
  });

  it('drop blank lines of a further market’s new prompts', () => {
    const draft = {
      ...draftOf(saved({ ...base, market: 'en-US' })),
      otherMarkets: [{ market: 'fr-FR', promptIds: [], newPrompts: '\n  Quelle tente ?  \n\n' }],
    };
    expect(configOf(draft).otherMarkets).toEqual([
      { market: 'fr-FR', promptIds: [], newPrompts: ['Quelle tente ?'] },
    ]);
  });

  it('keep a config without a webhook without one', () => {
    const draft = draftOf(saved(base));
    expect(draft.alertWebhookUrl).toBe('');
    const config = configOf(draft);
    expect(config).toEqual(base);
    expect('alertWebhookUrl' in config).toBe(false);
  });

  it('read the webhook back, and leave out one emptied', () => {
    const config = {
      ...base,
      alertWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX',
    } satisfies MonitoringConfig;
    const draft = draftOf(saved(config));
    expect(draft.alertWebhookUrl).toBe('https://hooks.slack.com/services/T000/B000/XXXX');
    expect(configOf(draft)).toEqual(config);
    expect('alertWebhookUrl' in configOf({ ...draft, alertWebhookUrl: '   ' })).toBe(false);
    expect(configOf({ ...draft, alertWebhookUrl: ' https://hooks.example.com/x ' })).toEqual({
      ...base,
      alertWebhookUrl: 'https://hooks.example.com/x',
    });
  });
});
