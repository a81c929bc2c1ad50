/** Tests fail on any console.error they did not declare (tests/support/console.ts), and on a declared one never logged. */
import { afterEach, beforeEach, vi } from 'vitest';
import { takeExpectedConsoleErrors } from '~/tests/support/console';

let logged: string[] = [];

beforeEach(() => {
  logged = [];
  takeExpectedConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const expected = takeExpectedConsoleErrors();
  const unexpected = logged.filter((line) => !expected.some((e) => line.includes(e)));
  const missing = expected.filter((e) => !logged.some((line) => line.includes(e)));
  if (unexpected.length > 0) throw new Error(`Unexpected console.error:\n${unexpected.join('\n')}`);
  if (missing.length > 0)
    throw new Error(`Expected console.error never logged:\n${missing.join('\n')}`);
});
