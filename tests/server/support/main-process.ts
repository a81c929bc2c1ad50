/**
 * The real server process (`server/main.ts`, as `npm start` runs it) on loopback with ephemeral ports,
 * for tests that need the whole start-up: config, data folder, migrations, seed, IdP, B2C simulator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MainProcess {
  /** e.g. http://127.0.0.1:41234 (PUBLIC_URL when set) */
  url: string;
  /** Everything the process wrote to stdout so far (pino JSON lines and the "Open …" banner). */
  stdout(): string;
  /** SIGTERM, and resolves with the exit code once the process has stopped. */
  stop(): Promise<number | null>;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export function startMainProcess(env: Record<string, string>): Promise<MainProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DEV_IDP_PORT: '0',
        B2C_SIMULATOR_PORT: '0',
        AI_SIMULATOR_PORT: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
    },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server/main.ts did not start within 60 s:\n${out}\n${err}`));
    }, 60_000);
    const onData = () => {
      const url = /^Open (https?:\/\/\S+)\/app\/$/m.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        url,
        stdout: () => out,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server/main.ts exited (${code}) before it was ready:\n${out}\n${err}`));
    });
  });
}
