/**
 * A throw-away PostgreSQL server of the cluster test's own (initdb in a temporary folder, on a free
 * loopback port), so the test can stop and restart it freely; Debian's shared `main` cluster, which
 * other tests use, is never touched. As root, the server runs as the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowAwayPostgres {
  /** A superuser URL for the `beacon` database. */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: every connection is cut. */
  stop(): void;
  start(): void;
  /** Stops the server and deletes its folder. */
  destroy(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  } catch {
    // handled below
  }
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  return path.join(root, newest, 'bin');
}

export async function startThrowAwayPostgres(): Promise<ThrowAwayPostgres> {
  const bin = binDir();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-cluster-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    }
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-qc', 'CREATE DATABASE beacon']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/beacon`,
    port,
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
