#!/usr/bin/env node
// Makes a fresh machine ready, using only Node built-ins (it runs before node_modules exists):
// npm ci when dependencies are missing or stale; for tests, Debian's chromium and postgresql; for
// bench:cluster, postgresql and wrk (a load generator in C, so the generator leaves the cores to the servers).
// Never downloads a browser of its own (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineSummary, engineWarningFilter } from './npm-warnings.mjs';
import { PROJECT_NODE_MAJOR, projectNode } from './project-node.mjs';

const args = new Set(process.argv.slice(2));
const forTests = args.has('--tests');
const forBench = args.has('--bench');
const quiet = args.has('--quiet');
const log = (message) => {
  if (!quiet) console.log(message);
};
/**
 * Runs a command with the terminal; resolves when it succeeds, rejects naming it when it fails. With
 * `stderr`, the command's error output goes through it (a filter) instead of straight to the terminal.
 */
const run = (command, commandArgs, env = {}, stderr = null) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      stdio: ['inherit', 'inherit', stderr ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
    });
    if (stderr) {
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => stderr.write(chunk));
    }
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${commandArgs.join(' ')} failed (exit code ${code}).`)),
    );
  });
const has = (path) => existsSync(path);

// This script may run on the machine's own Node (any of 18 and later); everything after it runs on the
// Node 24 that the `node` devDependency puts in node_modules/.bin, which npm scripts find first.
const [major] = process.versions.node.split('.').map(Number);
if (major < 18) {
  console.error(
    `Installing Beacon needs Node >= 18 to start with; this is ${process.versions.node}.`,
  );
  process.exit(1);
}

const lock = 'package-lock.json';
const installed = 'node_modules/.package-lock.json';
// A node_modules that links to another checkout's install (a git worktree's) is that checkout's to
// install: npm ci here would empty the folder it links to, under everyone using it.
const linked = existsSync('node_modules') && lstatSync('node_modules').isSymbolicLink();
const needsNpm =
  !linked && (!has(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs);
if (linked) log(`node_modules links to ${realpathSync('node_modules')}: not installing here.`);

const aptPackages = [];
if (forTests || forBench) {
  if (forTests && !has(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
    aptPackages.push('chromium');
  if (!has('/usr/lib/postgresql')) aptPackages.push('postgresql');
  // The sfcc-ci test makes a throwaway TLS certificate with it.
  if (forTests && !has('/usr/bin/openssl')) aptPackages.push('openssl');
  if (forBench && !has('/usr/bin/wrk')) aptPackages.push('wrk');
  if (aptPackages.length > 0) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot) {
      console.error(
        `${forTests ? 'Tests need' : 'The benchmark needs'} Debian's ${aptPackages.join(' and ')}: run\n  sudo apt-get update && sudo apt-get install -y ${aptPackages.join(' ')}`,
      );
      process.exit(1);
    }
  }
}

// npm ci runs on this machine's Node, which may be older than the one it installs: its EBADENGINE
// warnings (five lines for each package that wants Node 22 or 24) are folded into one line.
const engineWarnings = engineWarningFilter((text) => process.stderr.write(text));
// npm ci and apt-get wait mostly on the network and the disk, so they run side by side.
const npmInstall = needsNpm
  ? (console.log('Installing dependencies (npm ci)…'),
    run(
      'npm',
      ['ci', '--no-audit', '--no-fund'],
      { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      engineWarnings,
    ).finally(() => {
      const summary = engineSummary(engineWarnings.end(), process.version, PROJECT_NODE_MAJOR);
      if (summary) log(summary);
    }))
  : (log('Dependencies are installed.'), Promise.resolve());
const aptInstall =
  aptPackages.length > 0
    ? (console.log(`Installing ${aptPackages.join(', ')} from Debian…`),
      run('apt-get', ['update', '-qq']).then(() =>
        run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...aptPackages], {
          DEBIAN_FRONTEND: 'noninteractive',
        }),
      ))
    : (forTests || forBench) &&
      log(`${forTests ? 'Chromium and PostgreSQL are' : 'PostgreSQL and wrk are'} installed.`);
const results = await Promise.allSettled([npmInstall, aptInstall]);
const failure = results.find((result) => result.status === 'rejected');
if (failure) {
  console.error(failure.reason.message);
  process.exit(1);
}

// Everything after this runs on the project's Node (scripts/start.mjs starts the server with it).
const node = projectNode(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
if (node.error) {
  console.error(node.error);
  process.exit(1);
}
