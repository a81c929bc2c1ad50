import { describe, expect, it } from 'vitest';
import {
  ANSWER_RETENTION_DAYS,
  mayChangeAnswerRetention,
  retentionCutoff,
  setAnswerRetentionInput,
} from './retention';

describe('answer retention', () => {
  it('takes whole days between the bounds', () => {
    const valid = (days: number) =>
      setAnswerRetentionInput.safeParse({ orgId: 'org_1', days }).success;
    expect(ANSWER_RETENTION_DAYS.default).toBe(180);
    expect([30, 180, 3650].map(valid)).toEqual([true, true, true]);
    expect([29, 3651, 90.5, Number.NaN].map(valid)).toEqual([false, false, false, false]);
  });

  it('lets owners and superusers change it', () => {
    expect(mayChangeAnswerRetention({ isSuperUser: false, role: 'owner' })).toBe(true);
    expect(mayChangeAnswerRetention({ isSuperUser: true, role: null })).toBe(true);
    expect(mayChangeAnswerRetention({ isSuperUser: false, role: 'member' })).toBe(false);
  });

  it('cuts off whole days before now', () => {
    expect(retentionCutoff(new Date('2026-11-27T03:00:00Z'), 30)).toEqual(
      new Date('2026-10-28T03:00:00Z'),
    );
  });
});
