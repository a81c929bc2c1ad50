/**
 * A PostgreSQL cluster of a test's own (initdb in a temporary folder, its own port), which the test may
 * stop and start again to play an outage. Never the shared `main` cluster of scripts/pg-test-db.sh:
 * other test files use that one at the same time.
 *
 *   const pg = await startThrowawayPostgres();   // pg.url: postgres://postgres@127.0.0.1:<port>/beacon
 *   await pg.stop();  …  await pg.start();       // same port, same data
 *   await pg.destroy();                          // stops it and deletes the folder
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  /** A database `beacon` on the cluster, user `postgres` (trust authentication, localhost only). */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (`fast`: open connections are ended, as a restart does). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed (Debian's layout), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
function asPostgres(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql).');
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = await freePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  let running = false;
  const start = async () => {
    await asPostgres(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await asPostgres(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']);
    running = false;
  };
  await start();
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query('CREATE DATABASE beacon');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/beacon`,
    port,
    dataDir,
    stop,
    start,
    async destroy() {
      if (running) await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
