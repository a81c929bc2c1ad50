/**
 * `npm run calibrate:uplift` (ADR 0040): simulates monitoring histories from the AI simulator's
 * answer model with run-to-run drift (simulators/ai/monitoring-history.ts) and runs the uplift on
 * each simulated publish. With no effect it counts the publishes whose screen said "Significant"
 * anywhere (goal ≤ 5%); with a true effect of the size the config's planner says is detectable, the
 * publishes whose overall answer found it (goal ≥ 80%). Then the alerts (domain/monitoring/alerts.ts):
 * runs with no change tested as the server tests each run, counting the false alerts per 100 runs
 * (goal ≤ 1), and how many runs a drop of the planner's detectable size takes to alert. Fixed seeds:
 * the figures repeat.
 *   npm run calibrate:uplift                   1,000 publishes each way
 *   npm run calibrate:uplift -- --publishes 5000 --seed 7
 */
import { calibrate, calibrateAlerts, CALIBRATION_SHAPE } from '~/simulators/ai/monitoring-history';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`calibrate:uplift: --${name} takes a whole number above 0`);
    process.exit(2);
  }
  return value;
};
const publishes = option('publishes', 1_000);
const seed = option('seed', 35);

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const shape = CALIBRATION_SHAPE;
console.log(
  `Simulated: ${shape.prompts} prompts (${shape.treated} naming the changed product), ${shape.engines} engines, ${shape.samples} samples, ${shape.windowRuns} runs a side after ${shape.earlierRuns} earlier runs; drift on the log-odds scale ${shape.drift.engine} per run and engine, ${shape.drift.prompt} more per prompt; ${publishes} publishes each way, seed ${seed}.`,
);
const started = performance.now();
const result = calibrate(publishes, seed, shape);
console.log(
  `No effect: the overall answer said "Significant" on ${percent(result.falseOverall)} of publishes, some prompt on ${percent(result.falsePrompt)}; either, ${percent(result.falseSignificant)} (goal ≤ 5%).`,
);
console.log(
  `The single-run test this replaced called some prompt significant on ${percent(result.oldFalseSignificant)} of the same publishes.`,
);
console.log(
  `A true rise of ${(result.detectable * 100).toFixed(1)} points on every prompt (the planner's detectable change): found on ${percent(result.power)} of publishes (goal ≥ 80%).`,
);
const alerts = calibrateAlerts(publishes, seed, shape);
const perHundred = (alerts.falseAlerts / alerts.runs) * 100;
console.log(
  `Alerts with no change: ${alerts.falseAlerts} of ${alerts.runs} runs raised one: false alerts ${perHundred.toFixed(2)} per 100 runs (goal ≤ 1).`,
);
const [one, two, three] = alerts.alertedWithin.map(percent);
console.log(
  `A drop of ${(alerts.drop * 100).toFixed(1)} points on every prompt and engine (the planner's detectable change): alerted at the first run after it on ${one} of histories, within two runs on ${two}, within three on ${three}; median ${alerts.medianRuns === null ? 'never within 6 runs' : `${alerts.medianRuns} runs`}.`,
);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
const met = result.falseSignificant <= 0.05 && result.power >= 0.8 && perHundred <= 1;
console.log(
  `uplift calibration: false significant ${percent(result.falseSignificant)}, power ${percent(result.power)}, false alerts ${perHundred.toFixed(2)} per 100 runs`,
);
process.exitCode = met ? 0 : 1;
