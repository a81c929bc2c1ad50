/**
 * Expected console errors. Tests fail on any console.error they did not declare; a test (or a story's
 * beforeEach) declares one with expectConsoleError, and then it must actually be logged.
 */
const KEY = '__beaconExpectedConsoleErrors';

type Holder = { [KEY]?: string[] };

export function expectConsoleError(message: string): void {
  const holder = globalThis as Holder;
  (holder[KEY] ??= []).push(message);
}

export function takeExpectedConsoleErrors(): string[] {
  const holder = globalThis as Holder;
  const expected = holder[KEY] ?? [];
  holder[KEY] = [];
  return expected;
}
