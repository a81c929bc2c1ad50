/**
 * `npm start` on a fresh machine: the shell running it found the system's `node` before the install put
 * Node 24 in node_modules/.bin, so scripts/start.mjs itself runs on that Node. The server it starts
 * must still run on the project's Node 24. Run here in a copy of the layout, with a stand-in server
 * that prints the version it runs on.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_NODE_MAJOR, projectNode } from './project-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const nodeModules = path.join(ROOT, 'node_modules');

/** The first `node` on PATH that is not the project's own: the machine's Node. */
function systemNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || path.resolve(dir).startsWith(nodeModules)) continue;
    const candidate = path.join(dir, 'node');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

const fake = mkdtempSync(path.join(tmpdir(), 'beacon-start-'));
afterAll(() => rmSync(fake, { recursive: true, force: true }));

describe('scripts/start.mjs', () => {
  const machineNode = systemNode();

  it.runIf(machineNode)(
    'runs the server on the project’s Node 24 when the script itself runs on the machine’s Node',
    () => {
      mkdirSync(path.join(fake, 'scripts'));
      for (const file of ['start.mjs', 'project-node.mjs'])
        cpSync(path.join(ROOT, 'scripts', file), path.join(fake, 'scripts', file));
      mkdirSync(path.join(fake, 'dist', 'server'), { recursive: true });
      mkdirSync(path.join(fake, 'dist', 'app'));
      writeFileSync(path.join(fake, 'dist', 'app', 'index.html'), '<!doctype html>');
      writeFileSync(
        path.join(fake, 'dist', 'server', 'main.mjs'),
        'console.log(`server on ${process.version}`);\n',
      );
      symlinkSync(nodeModules, path.join(fake, 'node_modules'), 'dir');

      const machine = spawnSync(machineNode!, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const result = spawnSync(machineNode!, [path.join(fake, 'scripts', 'start.mjs')], {
        // The PATH of a shell that has not looked in node_modules/.bin.
        env: { PATH: path.dirname(machineNode!) },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toMatch(new RegExp(`^server on v${PROJECT_NODE_MAJOR}\\.`));
      // Meaningful only where the machine's Node is another one (Node 20 on this machine kind).
      if (!machine.startsWith(`v${PROJECT_NODE_MAJOR}.`))
        expect(result.stdout).not.toContain(machine);
    },
  );

  it('refuses to start without the project’s Node, saying what to run', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'beacon-no-node-'));
    try {
      expect(projectNode(empty)).toEqual({
        error:
          'node_modules/.bin/node is missing: run `npm ci` (the `node` package installs Node 24).',
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    expect(projectNode(ROOT)).toMatchObject({ version: expect.stringMatching(/^24\./) });
  });
});
