/**
 * What the config can detect (docs/product.md#monitoring, ADR 0040): the smallest change in mention
 * rate that the prompts, engines, samples and runs as typed find 80% of the time with 5% false alarms,
 * recomputed on every change so a team sees what more samples or runs buy before saving.
 */
import { useId } from 'react';
import { MONITORING_LIMITS } from '~/domain/monitoring/config';
import { detectableChange, UPLIFT_PLANNING_DEFAULTS } from '~/domain/monitoring/uplift';

export const POWER_TEXT = {
  title: 'What these settings can detect',
  detectable: (overall: string, perPrompt: string) =>
    `A publish that changes the mention rate by ${overall} across the prompts is found 80% of the time, with 5% false alarms; for one prompt on its own, the change must be ${perPrompt}.`,
  settings: (prompts: number, engines: number, samples: number, runs: number) =>
    `With ${count(prompts, 'prompt')}, ${count(engines, 'engine')}, ${count(samples, 'sample')} each and ${count(runs, 'run')} on each side of a publish.`,
  assumptions: `Assumes a mention rate near ${Math.round(UPLIFT_PLANNING_DEFAULTS.baseline * 100)}% and the run-to-run drift assistants usually show. More prompts, samples or runs make the change smaller.`,
  incomplete:
    'Choose prompts and engines, and give the samples and runs, to see the smallest change these settings can detect.',
} as const;

const count = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;

/** "9 points": a change in rate points (0..1) as whole percentage points. */
export const formatChangePoints = (change: number) => {
  const points = Math.max(1, Math.round(change * 100));
  return `${points} ${points === 1 ? 'point' : 'points'}`;
};

const within = (n: number, limits: { min: number; max: number }) =>
  Number.isInteger(n) && n >= limits.min && n <= limits.max;

export function PowerNote({
  prompts,
  engines,
  samples,
  runs,
}: {
  prompts: number;
  engines: number;
  samples: number;
  runs: number;
}) {
  const titleId = useId();
  const valid =
    prompts > 0 &&
    engines > 0 &&
    within(samples, MONITORING_LIMITS.samples) &&
    within(runs, MONITORING_LIMITS.upliftRuns);
  const change = valid ? detectableChange({ prompts, engines, samples, runs }) : null;
  return (
    <section
      data-slot="monitoring-power"
      aria-labelledby={titleId}
      className="flex max-w-2xl flex-col gap-1 rounded-box border border-base-300 p-4"
    >
      <h4 id={titleId} className="text-sm font-semibold">
        {POWER_TEXT.title}
      </h4>
      {/* Read again as the numbers change, without moving focus. */}
      <div aria-live="polite" className="flex flex-col gap-1 text-sm">
        {change ? (
          <>
            <p data-slot="power-detectable">
              {POWER_TEXT.detectable(
                formatChangePoints(change.overall),
                formatChangePoints(change.perPrompt),
              )}
            </p>
            <p className="text-base-content/75">
              {POWER_TEXT.settings(prompts, engines, samples, runs)} {POWER_TEXT.assumptions}
            </p>
          </>
        ) : (
          <p>{POWER_TEXT.incomplete}</p>
        )}
      </div>
    </section>
  );
}
