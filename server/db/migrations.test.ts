import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';

it('the committed migrations match schema.ts (run `npx drizzle-kit generate` after a change)', async () => {
  // drizzle-kit wants a path relative to the working directory.
  const out = path.join('node_modules/.cache', `beacon-drift-${randomBytes(4).toString('hex')}`);
  cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
  try {
    const { stdout } = await promisify(execFile)(
      'node_modules/.bin/drizzle-kit',
      [
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './server/db/schema.ts',
        '--out',
        `./${out}`,
      ],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(stdout).toContain('No schema changes');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
