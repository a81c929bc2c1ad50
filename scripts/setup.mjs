#!/usr/bin/env node
// Makes a fresh machine ready, using only Node built-ins (it runs before node_modules exists):
// npm ci when dependencies are missing or stale; for tests, Debian's chromium and postgresql; for
// bench:cluster, postgresql and wrk (a load generator in C, so the generator leaves the cores to the servers).
// Never downloads a browser of its own (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const args = new Set(process.argv.slice(2));
const forTests = args.has('--tests');
const forBench = args.has('--bench');
const quiet = args.has('--quiet');
const log = (message) => {
  if (!quiet) console.log(message);
};
const run = (command, commandArgs, env = {}) =>
  execFileSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
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
if (!has(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
} else {
  log('Dependencies are installed.');
}
const bundledNode = 'node_modules/.bin/node';
if (!has(bundledNode)) {
  console.error(
    `${bundledNode} is missing: run \`npm ci\` (the \`node\` package installs Node 24).`,
  );
  process.exit(1);
}

if (forTests || forBench) {
  const aptPackages = [];
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
    console.log(`Installing ${aptPackages.join(', ')} from Debian…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...aptPackages], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  } else {
    log(`${forTests ? 'Chromium and PostgreSQL are' : 'PostgreSQL and wrk are'} installed.`);
  }
}
