import { describe, expect, it } from 'vitest';
import { monitoringConfigSchema, promptBlocks } from './config';
import { resultsCsv } from './export';
import {
  countryOfMarket,
  MARKET_MESSAGES,
  marketName,
  marketPromptKey,
  marketsOfLocales,
} from './markets';
import { createAnswerParser } from './parse';
import { NO_RESULTS } from './runs';
import { wilsonInterval } from './stats';

const base = {
  brandName: 'Acme',
  brandDomain: 'acme.example',
  engines: ['openai'],
  promptIds: [],
  newPrompts: ['Which rain jacket?'],
};

const issues = (config: object) => {
  const parsed = monitoringConfigSchema.safeParse(config);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('markets', () => {
  it('are the copy’s locales that name a country, in order', () => {
    expect(marketsOfLocales(['default', 'fr', 'fr-FR', 'de-DE', 'en-US', 'fr-FR'])).toEqual([
      'de-DE',
      'en-US',
      'fr-FR',
    ]);
    expect(countryOfMarket('fr-CA')).toBe('CA');
    expect(marketName('fr-FR')).toBe('French (France)');
    expect(marketName('de-DE')).toBe('German (Germany)');
    expect(marketName('en-US')).toBe('English (United States)');
  });

  it('key a market’s prompts apart, so one library prompt in two markets is two prompts', () => {
    expect(marketPromptKey('fr-FR', 'prm_1')).toBe('fr-FR:prm_1');
    expect(marketPromptKey(null, 'prm_1')).toBe('prm_1');
  });

  it('take a config from before markets as it was: one block without a market', () => {
    const config = monitoringConfigSchema.parse(base);
    expect(config.market).toBeUndefined();
    expect(config.otherMarkets).toEqual([]);
    expect(promptBlocks(config)).toEqual([
      { market: null, promptIds: [], newPrompts: ['Which rain jacket?'], path: [] },
    ]);
  });

  it('need a market for the first block once there are others, each market once, a prompt in each', () => {
    expect(
      issues({
        ...base,
        otherMarkets: [
          { market: 'fr-FR', newPrompts: ['Quelle veste de pluie ?'] },
          { market: 'fr-FR', newPrompts: [] },
        ],
      }),
    ).toEqual([
      `market: ${MARKET_MESSAGES.noMarket}`,
      'otherMarkets.1.promptIds: Choose or write at least one prompt',
      `otherMarkets.1.market: ${MARKET_MESSAGES.duplicate}`,
    ]);
    expect(issues({ ...base, market: 'fr' })).toEqual([`market: ${MARKET_MESSAGES.invalid}`]);
    expect(
      issues({
        ...base,
        market: 'en-US',
        otherMarkets: [{ market: 'fr-FR', newPrompts: ['Quelle veste de pluie ?'] }],
      }),
    ).toEqual([]);
  });

  it('count every market’s prompts against the limit', () => {
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
    expect(
      issues({
        ...base,
        market: 'en-US',
        newPrompts: many(30, 'Q'),
        otherMarkets: [{ market: 'fr-FR', newPrompts: many(21, 'F') }],
      }),
    ).toEqual(['newPrompts: At most 50 prompts in every market together']);
  });
});

describe('sentiment per language', () => {
  const parserIn = (language: string) =>
    createAnswerParser({
      brand: { name: 'Acme' },
      competitors: [{ name: 'Rival' }],
      catalogue: [],
      language,
    });

  it('reads the cues of the answer’s language, negations included', () => {
    expect(parserIn('fr-FR')('Acme est un choix fiable et recommandé.').sentiment).toBe('positive');
    expect(parserIn('fr-FR')('Acme n’est pas le meilleur choix.').sentiment).toBe('negative');
    expect(parserIn('fr-FR')('Acme est solide, mais décevante sous la pluie.').sentiment).toBe(
      'mixed',
    );
    expect(parserIn('de-DE')('Acme ist zuverlässig und hochwertig.').sentiment).toBe('positive');
    expect(parserIn('de-DE')('Acme ist nicht die beste Wahl.').sentiment).toBe('negative');
    expect(parserIn('es-ES')('Acme es la mejor opción, sin duda.').sentiment).toBe('positive');
    expect(parserIn('it-IT')('Acme non è affidabile.').sentiment).toBe('negative');
    expect(parserIn('nl-NL')('Acme is een aanrader.').sentiment).toBe('positive');
    expect(parserIn('pt-BR')('Acme é a melhor escolha.').sentiment).toBe('positive');
  });

  it('does not read one language’s cues in another: an English cue in a French answer counts nothing', () => {
    expect(parserIn('fr-FR')('Acme est the best.').sentiment).toBe('neutral');
  });

  it('leaves sentiment unmeasured in a language without cues, never guessed', () => {
    const parsed = parserIn('ja-JP')('Acme is the best, recommended.');
    expect(parsed.brandMentioned).toBe(true);
    expect(parsed.sentiment).toBeNull();
  });
});

describe('markets in the CSV', () => {
  const rate = wilsonInterval(2, 4);
  it('writes each market’s rates when the view pools several, and every row’s market', () => {
    const csv = resultsCsv({
      ...NO_RESULTS,
      markets: [
        { market: 'en-US', prompts: 2, mentionRate: rate, citationRate: rate },
        { market: 'fr-FR', prompts: 1, mentionRate: rate, citationRate: rate },
      ],
      prompts: [
        {
          key: 'fr-FR:new:1',
          text: 'Quelle veste ?',
          market: 'fr-FR',
          mentionRate: rate,
          citationRate: rate,
        },
      ],
    });
    const rows = csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',').slice(0, 3).join(','));
    expect(rows).toEqual([
      'market,all,en-US',
      'market,all,en-US',
      'market,all,fr-FR',
      'market,all,fr-FR',
      'prompt,all,fr-FR',
      'prompt,all,fr-FR',
    ]);
  });

  it('labels every figure with the market the view is narrowed to', () => {
    const csv = resultsCsv({
      ...NO_RESULTS,
      market: 'fr-FR',
      trend: [
        {
          runId: 'r1',
          at: new Date('2026-03-01T00:00:00Z'),
          mentionRate: rate,
          citationRate: rate,
        },
      ],
    });
    expect(
      csv
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .every((line) => line.split(',')[2] === 'fr-FR'),
    ).toBe(true);
  });
});
