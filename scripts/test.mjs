#!/usr/bin/env node
// `npm test`: every stage in order, stopping at the first that fails, then each stage's time and the
// total (docs/benchmarks/ci.md keeps them per run). Only Node built-ins: the first stage installs
// node_modules, and the later ones run on the Node 24 it brings (npm scripts find it first).
//   npm test                        every stage
//   npm test -- --only unit,e2e     some stages (the set-up always runs first)
//   npm test -- --from stories      the stages from one on
//   npm test -- --stress            the story and e2e stages with one core kept busy (test:stress)
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const STAGES = [
  { name: 'setup', command: ['node', 'scripts/setup.mjs', '--tests', '--quiet'] },
  { name: 'check', command: ['npm', 'run', '--silent', 'check'] },
  { name: 'unit', command: ['npm', 'run', '--silent', 'test:unit:pg'] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  // The bundle budget measures the client the build stage just wrote, which e2e then serves.
  { name: 'bundle', command: ['npm', 'run', '--silent', 'bench:bundle', '--', '--built'] },
  { name: 'stories', command: ['npm', 'run', '--silent', 'test:stories'] },
  // e2e drives one browser against one server and leaves about a fifth of the machine idle; the
  // production and cluster stages (each mostly waiting on its own servers) run beside it, one after
  // the other, their output printed whole as each ends (docs/benchmarks/ci.md).
  {
    name: 'e2e',
    command: ['npm', 'run', '--silent', 'test:e2e'],
    beside: ['production', 'cluster'],
  },
  // A production deployment's first day: NODE_ENV=production, an empty PostgreSQL, on the build the
  // build stage made (without that stage, `npm run test:production`, which builds first).
  {
    name: 'production',
    command: ['npx', 'playwright', 'test', '--config', 'tests/production/playwright.config.ts'],
    unbuilt: ['npm', 'run', '--silent', 'test:production'],
  },
  // Builds its server into a folder of its own (.cluster/), not dist/, which e2e is serving.
  { name: 'cluster', command: ['npm', 'run', '--silent', 'test:cluster'] },
];
const STRESS_STAGES = ['setup', 'build', 'stories', 'e2e'];

export function parseArgs(argv) {
  const options = { only: null, from: null, stress: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--stress') options.stress = true;
    else if (arg === '--only') options.only = argv[++i]?.split(',') ?? [];
    else if (arg === '--from') options.from = argv[++i] ?? '';
    else {
      console.error(`npm test: unknown option ${arg}`);
      process.exit(2);
    }
  }
  const names = STAGES.map((stage) => stage.name);
  for (const name of [...(options.only ?? []), ...(options.from ? [options.from] : [])]) {
    if (!names.includes(name)) {
      console.error(`npm test: no stage "${name}" (stages: ${names.join(', ')})`);
      process.exit(2);
    }
  }
  return options;
}

export function selectedStages(options) {
  const stages = chosenStages(options);
  const built = stages.some((stage) => stage.name === 'build');
  return stages.map((stage) =>
    stage.unbuilt && !built ? { ...stage, command: stage.unbuilt } : stage,
  );
}

function chosenStages({ only, from, stress }) {
  if (stress) return STAGES.filter((stage) => STRESS_STAGES.includes(stage.name));
  if (only) return STAGES.filter((stage) => stage.name === 'setup' || only.includes(stage.name));
  if (from) {
    const start = STAGES.findIndex((stage) => stage.name === from);
    return STAGES.filter((stage, i) => stage.name === 'setup' || i >= start);
  }
  return STAGES;
}

export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** Runs a command; with `buffered`, its output is kept and returned instead of printed. */
function run([command, ...args], { buffered = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const done = (code) => resolve({ code, output: Buffer.concat(output).toString() });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output.push(Buffer.from(`npm test: could not start ${command}: ${error.message}\n`));
      if (!buffered) console.error(`npm test: could not start ${command}: ${error.message}`);
      done(1);
    });
  });
}

async function timed(stage, options) {
  const started = performance.now();
  const { code, output } = await run(stage.command, options);
  return { name: stage.name, ms: performance.now() - started, ok: code === 0, output };
}

/** The stages that run beside `stage`, one after the other, stopping at the first that fails. */
async function besideLane(stages, into) {
  for (const stage of stages) {
    const time = await timed(stage, { buffered: true });
    console.log(`\n▶ ${stage.name} (ran beside e2e, ${formatDuration(time.ms)})`);
    process.stdout.write(time.output.endsWith('\n') ? time.output : `${time.output}\n`);
    into.push(time);
    if (!time.ok) return;
  }
}

/**
 * One core kept busy for the whole run (a worker thread spinning), as another job on a shared CI
 * machine would: a test that passes only on an idle machine fails here.
 */
function burnOneCore() {
  const worker = new Worker(
    'const end = () => {}; for (;;) { for (let i = 0; i < 1e7; i++) end(); }',
    { eval: true },
  );
  worker.unref();
  return () => worker.terminate();
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const stages = selectedStages(options);
  const stopBurning = options.stress ? burnOneCore() : null;
  if (stopBurning) console.log('npm test --stress: one core is kept busy for the whole run.\n');
  const times = [];
  const started = performance.now();
  let failed = null;
  const besides = new Set(stages.flatMap((stage) => stage.beside ?? []));
  for (const stage of stages) {
    if (besides.has(stage.name)) continue;
    console.log(`\n▶ ${stage.name}`);
    const alongside = stages.filter((other) => stage.beside?.includes(other.name));
    const lane = [];
    const [time] = await Promise.all([timed(stage), besideLane(alongside, lane)]);
    times.push(time, ...lane);
    const failure = [time, ...lane].find((t) => !t.ok);
    if (failure) {
      failed = failure.name;
      break;
    }
  }
  await stopBurning?.();
  const total = performance.now() - started;
  const width = Math.max(...times.map((t) => t.name.length));
  console.log('\nStage times:');
  for (const t of times)
    console.log(
      `  ${t.name.padEnd(width)}  ${formatDuration(t.ms).padStart(12)}${t.ok ? '' : '  FAILED'}`,
    );
  const label = options.stress ? 'npm test --stress' : 'npm test';
  console.log(`${label}: ${formatDuration(total)}${failed ? ` (failed at ${failed})` : ''}`);
  if (times.some((t) => besides.has(t.name)))
    console.log(`(${[...besides].join(' and ')} ran beside e2e: the stage times overlap.)`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
