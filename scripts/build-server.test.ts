import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join('node_modules/.cache', `beacon-build-${randomBytes(4).toString('hex')}`);

afterAll(() => rmSync(path.join(ROOT, OUT), { recursive: true, force: true }));

describe('scripts/build-server.mjs', () => {
  it('bundles @trpc/server from its TypeScript source: one copy, native spreads, no import of the package', async () => {
    const outputs = await buildServer({ outdir: OUT, quiet: true });
    const code = outputs
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(path.join(ROOT, file), 'utf8'))
      .join('\n');
    // A second, external copy would make `instanceof TRPCError` fail across the two.
    expect(code).not.toMatch(/(from |import\()["']@trpc\/server/);
    // The published dist spells every spread with this helper; the source build has none.
    expect(code).not.toContain('_objectSpread2');
    expect(code).toContain('var TRPCError = class extends Error'); // one copy, from tRPC's src/
    // The pieces server/trpc/express-handler.ts takes from tRPC, from the same source.
    expect(code).toMatch(
      /node_modules\/@trpc\/server\/src\/adapters\/node-http\/incomingMessageToRequest\.ts/,
    );
    expect(code).toMatch(
      /node_modules\/@trpc\/server\/src\/unstable-core-do-not-import\/http\/resolveResponse\.ts/,
    );
  }, 60_000);
});
