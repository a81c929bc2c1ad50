/**
 * Screen-state sign-offs: recording them, refusing what cannot be signed off without touching the
 * record, noticing a baseline that changed after sign-off, and the summary the visual tests print.
 * The command runs against a small throw-away checkout, so the repository's record is never touched.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '~/scripts/signoff/cli';
import { formatRecord, loadContext, statuses } from '~/scripts/signoff/record';
import catalogue from '~/stories/screen-states.json';
import {
  signedOffLine,
  signoffRecordSchema,
  signoffStatus,
  summarize,
  summaryLine,
} from '~/stories/support/signoff';

const SHOTS = 'tests/visual/__screenshots__';
const EMPTY_RECORD = `${JSON.stringify({ about: 'Sign-offs.', signoffs: {} }, null, 2)}\n`;

let root: string;
let logged: string[];
let errors: string[];
const out = {
  log: (line: string) => logged.push(line),
  error: (line: string) => errors.push(line),
};

function write(path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const signoff = (argv: string[], now = new Date('2026-11-25T08:30:00.000Z')) =>
  run(argv, { root, now, out });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'beacon-signoff-'));
  logged = [];
  errors = [];
  write(
    'stories/screen-states.json',
    JSON.stringify({
      states: [{ id: 'login.default' }, { id: 'login.campaign' }, { id: 'reports.pending' }],
    }),
  );
  write(
    'stories/screens/sign-in.stories.tsx',
    `const meta = { title: 'Screens/Sign in' };
     export default meta;
     export const Default = { tags: ['state:login.default'] };
     export const Campaign = { tags: ['state:login.campaign'] };`,
  );
  for (const story of ['screens-sign-in--default', 'screens-sign-in--campaign']) {
    for (const theme of ['beacon', 'dim'])
      write(`${SHOTS}/${story}--${theme}.png`, `${story} ${theme}`);
  }
  write('stories/signoffs.json', EMPTY_RECORD);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('recording a sign-off', () => {
  it('records who, when and the fingerprint of each theme’s baseline', () => {
    expect(signoff(['login.default', '--by', 'Ada Lovelace'])).toBe(0);
    const record = signoffRecordSchema.parse(JSON.parse(read('stories/signoffs.json')));
    expect(record.signoffs).toEqual({
      'login.default': {
        by: 'Ada Lovelace',
        at: '2026-11-25T08:30:00.000Z',
        baselines: {
          'screens-sign-in--default--beacon.png': sha('screens-sign-in--default beacon'),
          'screens-sign-in--default--dim.png': sha('screens-sign-in--default dim'),
        },
      },
    });
    expect(logged).toContain('login.default: Signed off by Ada Lovelace on 2026-11-25');
  });

  it('keeps earlier sign-offs and writes a file prettier leaves alone', async () => {
    signoff(['login.default', '--by', 'Ada']);
    signoff(['login.campaign', '--by', 'Grace'], new Date('2026-11-26T09:00:00.000Z'));
    const text = read('stories/signoffs.json');
    const record = signoffRecordSchema.parse(JSON.parse(text));
    expect(Object.keys(record.signoffs)).toEqual(['login.campaign', 'login.default']);
    expect(record.signoffs['login.default']?.by).toBe('Ada');
    const options = await resolveConfig(join(process.cwd(), 'stories/signoffs.json'));
    expect(await format(text, { ...options, parser: 'json' })).toBe(text);
  });

  it('lists each state as signed off, with who and when, or never signed off', () => {
    signoff(['login.default', '--by', 'Ada']);
    logged = [];
    expect(signoff(['--list'])).toBe(0);
    expect(logged.join('\n')).toMatch(/login\.default\s+Signed off by Ada on 2026-11-25/);
    expect(logged.join('\n')).toMatch(/login\.campaign\s+Never signed off\n/);
    expect(logged.join('\n')).toMatch(/reports\.pending\s+Never signed off \(no story yet\)/);
  });
});

describe('refusing a sign-off', () => {
  it.each([
    [['login.typo', '--by', 'Ada'], 'login.typo: not a state in stories/screen-states.json'],
    [
      ['reports.pending', '--by', 'Ada'],
      'reports.pending: no story is tagged state:reports.pending',
    ],
    [['login.default'], 'Say who signs off: --by "<name>"'],
    [['login.default', '--by', '  '], 'Say who signs off'],
    [['--by', 'Ada'], 'Name at least one state id'],
  ])('%j: says why, exits 1 and leaves the record untouched', (argv, message) => {
    expect(signoff(argv)).toBe(1);
    expect(errors.join('\n')).toContain(message);
    expect(read('stories/signoffs.json')).toBe(EMPTY_RECORD);
  });

  it('refuses a state whose baseline is missing in one theme, naming the file', () => {
    rmSync(join(root, SHOTS, 'screens-sign-in--campaign--dim.png'));
    expect(signoff(['login.campaign', '--by', 'Ada'])).toBe(1);
    expect(errors.join('\n')).toContain(
      `login.campaign: no visual baseline ${SHOTS}/screens-sign-in--campaign--dim.png`,
    );
    expect(read('stories/signoffs.json')).toBe(EMPTY_RECORD);
  });

  it('records nothing when any one of several ids is refused', () => {
    expect(signoff(['login.default', 'login.typo', '--by', 'Ada'])).toBe(1);
    expect(errors.join('\n')).toContain('Nothing recorded');
    expect(read('stories/signoffs.json')).toBe(EMPTY_RECORD);
  });
});

describe('a baseline that changed after sign-off', () => {
  it('shows as changed since sign-off, naming the picture, until signed off again', () => {
    signoff(['login.default', 'login.campaign', '--by', 'Ada']);
    write(`${SHOTS}/screens-sign-in--default--dim.png`, 'a new picture');

    const changed = statuses(loadContext(root)).find((status) => status.id === 'login.default');
    expect(changed?.state).toBe('changed');
    expect(changed?.changedFiles).toEqual(['screens-sign-in--default--dim.png']);
    logged = [];
    signoff(['--list']);
    expect(logged.join('\n')).toMatch(
      /login\.default\s+Changed since sign-off \(signed off by Ada on 2026-11-25; changed: screens-sign-in--default--dim\.png\)/,
    );
    expect(logged.join('\n')).toMatch(/login\.campaign\s+Signed off by Ada/);

    signoff(['login.default', '--by', 'Grace']);
    const again = statuses(loadContext(root)).find((status) => status.id === 'login.default');
    expect(again?.state).toBe('signed-off');
  });

  it('counts a baseline added or removed since sign-off as a change', () => {
    const entry = {
      by: 'Ada',
      at: '2026-11-25T08:30:00.000Z',
      baselines: { 'a--beacon.png': 'x' },
    };
    expect(signoffStatus('s', entry, { 'a--beacon.png': 'x' }).state).toBe('signed-off');
    expect(signoffStatus('s', entry, {}).changedFiles).toEqual(['a--beacon.png']);
    expect(signoffStatus('s', entry, { 'a--beacon.png': 'x', 'b--beacon.png': 'y' })).toMatchObject(
      { state: 'changed', changedFiles: ['b--beacon.png'] },
    );
    expect(signoffStatus('s', undefined, { 'a--beacon.png': 'x' }).state).toBe('never');
  });
});

describe('the summary', () => {
  it('counts each status and names the changed states', () => {
    signoff(['login.default', 'login.campaign', '--by', 'Ada']);
    write(`${SHOTS}/screens-sign-in--campaign--beacon.png`, 'a new picture');
    const line = summaryLine(summarize(statuses(loadContext(root))));
    expect(line).toBe(
      'Sign-off: 1 of 3 states signed off, 1 changed since sign-off (login.campaign), 1 never signed off.',
    );
    logged = [];
    signoff(['--list']);
    expect(logged.at(-1)).toContain(line);
  });

  it('says when nothing changed', () => {
    expect(summaryLine(summarize(statuses(loadContext(root))))).toBe(
      'Sign-off: 0 of 3 states signed off, 0 changed since sign-off, 3 never signed off.',
    );
  });

  it('dates a sign-off by its recorded day', () => {
    expect(signedOffLine({ by: 'Ada', at: '2026-11-25T23:59:00.000Z', baselines: {} })).toBe(
      'Signed off by Ada on 2026-11-25',
    );
  });
});

describe('the repository’s record', () => {
  const text = readFileSync('stories/signoffs.json', 'utf8');
  const record = signoffRecordSchema.parse(JSON.parse(text));

  it('names only catalogue states', () => {
    const ids = catalogue.states.map((state) => state.id);
    expect(Object.keys(record.signoffs).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('is written the way the command writes it (sorted keys), so its diffs stay small', () => {
    expect(formatRecord(record)).toBe(text);
  });
});
