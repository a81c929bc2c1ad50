/** Every unit file (the unit projects in vitest.config.ts). */
export const UNIT_FILES = [
  '{domain,ui,app,server,mock-server,simulators,scripts}/**/*.test.{ts,tsx}',
  'tests/{unit,server}/**/*.test.{ts,tsx}',
];

/**
 * The unit files that replace a module with `vi.mock`. The unit project's files share one module graph
 * per worker (vitest.config.ts), where a mock would reach the files that run after it in the same worker, and a
 * module an earlier file loaded would ignore it: these run in a project of their own, each with a fresh
 * graph. tests/unit/vitest-projects.test.ts fails when a unit file calls `vi.mock` and is not listed.
 */
export const ISOLATED_UNIT_FILES = [
  'app/components/book-demo.test.tsx',
  'app/lib/root-errors.test.tsx',
  'app/lib/telemetry.test.ts',
];
