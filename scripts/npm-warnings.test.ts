import { describe, expect, it } from 'vitest';
import { engineSummary, engineWarningFilter } from './npm-warnings.mjs';

/** What npm 11 on Node 20 writes to stderr for one package that wants a newer Node. */
const block = (pkg: string, node = '>=22') =>
  [
    'npm warn EBADENGINE Unsupported engine {',
    `npm warn EBADENGINE   package: '${pkg}',`,
    `npm warn EBADENGINE   required: { node: '${node}' },`,
    "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.6.2' }",
    'npm warn EBADENGINE }',
  ].join('\n');

describe('scripts/npm-warnings.mjs', () => {
  it('drops every EBADENGINE line, even split across chunks, and lets everything else through', () => {
    const out: string[] = [];
    const filter = engineWarningFilter((text) => out.push(text));
    const stderr = [
      block('beacon@0.1.0', '>=24'),
      'npm warn deprecated inflight@1.0.6: This module is not supported',
      block('ai@7.0.173'),
      block('pg-boss@12.38.0'),
      block('@ai-sdk/anthropic@4.0.105'),
      'added 812 packages in 28s',
    ].join('\n');
    // npm's output arrives in arbitrary chunks.
    for (let i = 0; i < stderr.length; i += 37) filter.write(stderr.slice(i, i + 37));
    const packages = filter.end();
    expect(out.join('')).toBe(
      'npm warn deprecated inflight@1.0.6: This module is not supported\nadded 812 packages in 28s\n',
    );
    expect(packages).toEqual([
      'beacon@0.1.0',
      'ai@7.0.173',
      'pg-boss@12.38.0',
      '@ai-sdk/anthropic@4.0.105',
    ]);
  });

  it('says it in one line, naming a few packages, or not at all', () => {
    expect(engineSummary([], 'v20.20.2', 24)).toBeNull();
    expect(engineSummary(['beacon@0.1.0'], 'v20.20.2', 24)).toMatch(
      /^1 package \(beacon\) wants a newer Node than this machine's v20\.20\.2: /,
    );
    expect(
      engineSummary(
        ['beacon@0.1.0', 'ai@7.0.173', 'pg-boss@12.38.0', '@ai-sdk/anthropic@4.0.105'],
        'v20.20.2',
        24,
      ),
    ).toBe(
      "4 packages (beacon, ai, pg-boss and 1 more) want a newer Node than this machine's v20.20.2: Beacon runs them on the Node 24 just installed in node_modules/.bin, which npm start and every npm script use.",
    );
  });
});
