#!/usr/bin/env node
// `npm run check`: the type check beside the linter and then the format check (each is one thread; the
// type check takes about as long as the other two together, and the machine has two cores), each
// one's output printed whole when it ends, so they never interleave. Fails when any of them fails,
// after all have ended.
import { spawn } from 'node:child_process';

const LANES = [['typecheck'], ['lint', 'format:check']];

function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`${code === 0 ? '✓' : '✗'} ${script} (${seconds} s)${text ? `\n${text}` : ''}`);
      resolve(code);
    };
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output.push(Buffer.from(`could not start: ${error.message}`));
      finish(1);
    });
  });
}

async function lane(scripts) {
  const codes = [];
  for (const script of scripts) codes.push(await run(script));
  return codes;
}

const codes = (await Promise.all(LANES.map(lane))).flat();
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
