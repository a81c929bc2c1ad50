import { glob, readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { ISOLATED_UNIT_FILES, UNIT_FILES } from '../setup/isolated-unit-files';

it('runs every unit file that mocks a module in the isolated project, and only those', async () => {
  const mocking: string[] = [];
  for (const pattern of UNIT_FILES)
    for await (const file of glob(pattern, { exclude: (name) => name === 'node_modules' })) {
      const text = await readFile(file, 'utf8');
      if (/\bvi\.(mock|doMock)\(/.test(text)) mocking.push(file);
    }
  // This file names the call in its pattern only.
  expect(mocking.sort()).toEqual([...ISOLATED_UNIT_FILES].sort());
});
