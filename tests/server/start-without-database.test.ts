/**
 * The server and a worker started while PostgreSQL cannot be reached: each waits DATABASE_START_TIMEOUT_MS,
 * then exits non-zero with one line that names the database's host (no stack trace).
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(entry: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, entry)],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'silent',
          ...env,
        },
      },
      (_error, _stdout, stderr) =>
        resolve({ code: child.exitCode, stderr, ms: Date.now() - started }),
    );
  });
}

describe('starting without a reachable database', () => {
  it.each([
    ['server/main.ts', 'Beacon failed to start'],
    ['server/worker-main.ts', "Beacon's worker failed to start"],
  ])(
    '%s waits DATABASE_START_TIMEOUT_MS, then exits 1 naming the host',
    async (entry, prefix) => {
      const port = await closedPort();
      const { code, stderr, ms } = await run(entry, {
        DATABASE_URL: `postgres://beacon:beacon@127.0.0.1:${port}/beacon`,
        DATABASE_START_TIMEOUT_MS: '2000',
        B2C_SIMULATOR_URL: 'http://127.0.0.1:9',
        AI_SIMULATOR_URL: 'http://127.0.0.1:9',
      });
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        new RegExp(
          `^${prefix}: Beacon cannot reach its database at 127\\.0\\.0\\.1:${port} \\(waited 2 s, DATABASE_START_TIMEOUT_MS\\): .*ECONNREFUSED`,
        ),
      );
      expect(stderr).not.toContain('    at ');
      expect(ms).toBeGreaterThanOrEqual(2_000);
    },
    90_000,
  );
});
