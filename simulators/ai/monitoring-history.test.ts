/**
 * The uplift's calibration in its small form (`npm run calibrate:uplift` runs the full one): on
 * simulated monitoring histories with run-to-run drift and fixed seeds, no effect reads "Significant"
 * on at most 5% of publishes, and the change the planner calls detectable is found on at least 80%.
 */
import { describe, expect, it } from 'vitest';
import { upliftAnalysis } from '~/domain/monitoring/uplift';
import { createPrng } from '~/simulators/b2c/prng';
import {
  calibrate,
  CALIBRATION_SHAPE,
  CHANGED_PRODUCT,
  simulateHistory,
} from './monitoring-history';

describe('simulated monitoring histories', () => {
  it('hold the earlier runs, a window either side of one publish, and every prompt on every engine', () => {
    const input = simulateHistory(CALIBRATION_SHAPE, createPrng(1));
    expect(input.runs).toHaveLength(12);
    expect(input.publishes).toEqual([{ after: 9, products: [CHANGED_PRODUCT] }]);
    expect(input.runs.every((run) => run.cells.length === 30)).toBe(true);
    const result = upliftAnalysis(input)!;
    expect(result.summary).toMatchObject({ runsBefore: 3, runsAfter: 3, ready: true });
    expect(result.summary.overall?.method).toBe('difference-in-differences');
  });
});

describe('uplift calibration (1,000 publishes each way, seed 35)', () => {
  const result = calibrate(1_000, 35);

  it('says "Significant" on at most 5% of publishes that changed nothing', () => {
    expect(result.falseSignificant).toBeLessThanOrEqual(0.05);
  });

  it('finds the change the planner says is detectable on at least 80% of publishes', () => {
    expect(result.power).toBeGreaterThanOrEqual(0.8);
  });

  it('where the single-run test it replaced called some prompt significant far more often', () => {
    expect(result.oldFalseSignificant).toBeGreaterThan(0.2);
  });
});
