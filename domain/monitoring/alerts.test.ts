import { describe, expect, it } from 'vitest';
import { type AlertCell, type AlertRun, detectAlerts, isWebhookUrl } from './alerts';

const NOISE = { total: 0.03, common: 0.02 };

/** A run of two prompts on two engines in two markets; `mentions` per engine and market. */
function run(
  i: number,
  mentions: (engine: string, market: string) => number,
  claims = 0,
): AlertRun {
  const cells: AlertCell[] = [];
  for (const market of ['en-US', 'fr-FR']) {
    for (const engine of ['openai', 'anthropic'] as const) {
      for (const promptKey of ['p1', 'p2']) {
        cells.push({
          promptKey: `${market}:${promptKey}`,
          engine,
          market,
          n: 20,
          mentions: mentions(engine, market),
          citations: 5,
          claimsChecked: 10,
          claimsWrong: claims,
        });
      }
    }
  }
  return { id: `run-${i}`, finishedAt: new Date(Date.UTC(2026, 0, i + 1)), cells };
}

/** Steady around 10 of 20 with a wiggle of one either way. */
const steady = (i: number) => () => 10 + ((i * 7) % 3) - 1;

describe('detectAlerts', () => {
  it('raises nothing while the rates move within the noise', () => {
    const runs = Array.from({ length: 8 }, (_, i) => run(i, steady(i), 1));
    expect(detectAlerts({ runs, noise: NOISE })).toEqual([]);
  });

  it('says which rate dropped, where, by how much against the noise, and which runs it compared', () => {
    const history = Array.from({ length: 6 }, (_, i) => run(i, steady(i), 1));
    const dropped = run(
      6,
      (engine, market) => (engine === 'openai' && market === 'fr-FR' ? 0 : 10),
      1,
    );
    const alerts = detectAlerts({ runs: [...history, dropped], noise: NOISE });
    expect(alerts.map((a) => [a.metric, a.engine, a.market, a.direction])).toEqual([
      ['mention', 'openai', 'fr-FR', 'drop'],
    ]);
    const [alert] = alerts;
    expect(alert!.current).toEqual({ rate: 0, successes: 0, n: 40 });
    expect(alert!.baseline.n).toBe(240);
    expect(alert!.difference).toBeCloseTo(-alert!.baseline.rate, 10);
    expect(alert!.noise).toBeGreaterThan(0);
    expect(Math.abs(alert!.difference) / alert!.noise).toBeGreaterThan(3);
    expect(alert!.runIds).toEqual(['run-6']);
    expect(alert!.baselineRunIds).toEqual(history.map((r) => r.id));
  });

  it('alerts on the inaccurate-answer rate when it rises, not when it falls', () => {
    const history = Array.from({ length: 6 }, (_, i) => run(i, steady(i), 1));
    const worse = detectAlerts({ runs: [...history, run(6, steady(6), 7)], noise: NOISE });
    expect(worse.map((a) => [a.metric, a.direction])).toContainEqual(['accuracy', 'rise']);
    const better = detectAlerts({ runs: [...history, run(6, steady(6), 0)], noise: NOISE });
    expect(better).toEqual([]);
  });

  it('needs three earlier runs before it says anything, and more noise needs a bigger drop', () => {
    const short = [run(0, steady(0)), run(1, steady(1)), run(2, () => 0)];
    expect(detectAlerts({ runs: short, noise: NOISE })).toEqual([]);
    const history = Array.from({ length: 6 }, (_, i) => run(i, steady(i), 1));
    const dip = run(6, (engine) => (engine === 'openai' ? 0 : 10), 1);
    expect(detectAlerts({ runs: [...history, dip], noise: NOISE })).not.toEqual([]);
    expect(detectAlerts({ runs: [...history, dip], noise: { total: 0.5, common: 0.4 } })).toEqual(
      [],
    );
  });
});

describe('isWebhookUrl', () => {
  it('takes https, and plain http only to this machine', () => {
    expect(isWebhookUrl('https://hooks.slack.com/services/T/B/x')).toBe(true);
    expect(isWebhookUrl('http://127.0.0.1:4100/hook')).toBe(true);
    expect(isWebhookUrl('http://localhost:4100/hook')).toBe(true);
    expect(isWebhookUrl('http://hooks.example.com/x')).toBe(false);
    expect(isWebhookUrl('https://user:pw@hooks.example.com/x')).toBe(false);
    expect(isWebhookUrl('ftp://hooks.example.com')).toBe(false);
    expect(isWebhookUrl('not a url')).toBe(false);
  });
});
