#!/usr/bin/env node
// Builds the app and, in the same run with the same Vite, a bare React 19 hello world; prints the
// initial JS (gzip) that /app/ loads — the entry chunk plus its static imports — and the ratio.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const BUDGET = 1.8;

function initialJs(outDir, manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(Object.keys(manifest).find((key) => manifest[key] === entry));
  let gz = 0;
  for (const file of seen)
    if (file.endsWith('.js')) gz += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  return { files: [...seen], gz };
}

async function buildAndMeasure(config, outDir) {
  await build({
    ...config,
    logLevel: 'warn',
    build: { ...config.build, outDir, manifest: true, sourcemap: false, emptyOutDir: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  return initialJs(outDir, manifest);
}

const work = mkdtempSync(join(tmpdir(), 'beacon-bench-'));
try {
  const app = await buildAndMeasure(
    { configFile: join(root, 'vite.config.ts') },
    join(work, 'app'),
  );

  const hello = join(work, 'hello');
  mkdirSync(hello, { recursive: true });
  writeFileSync(
    join(hello, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(hello, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);\n",
  );
  const react = (await import('@vitejs/plugin-react')).default;
  const baseline = await buildAndMeasure(
    {
      configFile: false,
      root: hello,
      plugins: [react()],
      resolve: {
        alias: {
          react: join(root, 'node_modules/react'),
          'react-dom': join(root, 'node_modules/react-dom'),
        },
      },
    },
    join(work, 'hello-dist'),
  );

  const ratio = app.gz / baseline.gz;
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `app initial JS (gzip):      ${kb(app.gz)}  (${app.files.filter((f) => f.endsWith('.js')).join(', ')})`,
  );
  console.log(`React 19 hello world (gzip): ${kb(baseline.gz)}`);
  console.log(`ratio:                       ${ratio.toFixed(2)}x  (budget ${BUDGET}x)`);
  if (ratio > BUDGET) {
    console.error(`Initial JS is over budget: ${ratio.toFixed(2)}x > ${BUDGET}x`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
