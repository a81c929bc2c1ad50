#!/usr/bin/env node
// Makes a fresh machine ready, using only Node built-ins (it runs before node_modules exists):
// npm ci when dependencies are missing or stale; for tests, Debian's chromium and postgresql; for
// bench:cluster, postgresql and wrk (a load generator in C, so the generator leaves the cores to the servers).
// Never downloads a browser of its own (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const args = new Set(process.argv.slice(2));
const forTests = args.has('--tests');
const forBench = args.has('--bench');
const quiet = args.has('--quiet');
const log = (message) => {
  if (!quiet) console.log(message);
};
/** Runs a command with the terminal; resolves when it succeeds, rejects naming it when it fails. */
const run = (command, commandArgs, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
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
const needsNpm = !has(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs;

const aptPackages = [];
if (forTests || forBench) {
  if (forTests && !has(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
    aptPackages.push('chromium');
  if (!has('/usr/lib/postgresql')) aptPackages.push('postgresql');
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

// npm ci and apt-get wait mostly on the network and the disk, so they run side by side.
const npmInstall = needsNpm
  ? (console.log('Installing dependencies (npm ci)…'),
    run('npm', ['ci', '--no-audit', '--no-fund'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }))
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

const bundledNode = 'node_modules/.bin/node';
if (!has(bundledNode)) {
  console.error(
    `${bundledNode} is missing: run \`npm ci\` (the \`node\` package installs Node 24).`,
  );
  process.exit(1);
}
