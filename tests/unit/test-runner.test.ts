import { describe, expect, it } from 'vitest';
import { parseArgs, type Stage, selectedStages } from '../../scripts/test.mjs';

const stages = (argv: string[]): Stage[] => selectedStages(parseArgs(argv));
const named = (list: Stage[], name: string) => list.find((stage) => stage.name === name);

describe('npm test’s stages', () => {
  it('runs every stage, production on the build stage’s build, production and cluster beside e2e', () => {
    const all = stages([]);
    expect(all.map((stage) => stage.name)).toEqual([
      'setup',
      'check',
      'unit',
      'build',
      'bundle',
      'stories',
      'e2e',
      'production',
      'cluster',
    ]);
    expect(named(all, 'e2e')?.beside).toEqual(['production', 'cluster']);
    expect(named(all, 'production')?.command).toEqual([
      'npx',
      'playwright',
      'test',
      '--config',
      'tests/production/playwright.config.ts',
    ]);
  });

  it('builds for the production stage when the build stage is not chosen', () => {
    for (const argv of [
      ['--only', 'production'],
      ['--from', 'e2e'],
    ])
      expect(named(stages(argv), 'production')?.command).toEqual([
        'npm',
        'run',
        '--silent',
        'test:production',
      ]);
    expect(stages(['--only', 'build,production']).map((stage) => stage.name)).toEqual([
      'setup',
      'build',
      'production',
    ]);
    expect(named(stages(['--only', 'build,production']), 'production')?.command[0]).toBe('npx');
  });

  it('runs the story and e2e stages for the stress check, nothing beside them', () => {
    expect(stages(['--stress']).map((stage) => stage.name)).toEqual([
      'setup',
      'build',
      'stories',
      'e2e',
    ]);
  });
});
