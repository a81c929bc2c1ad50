#!/usr/bin/env node
/**
 * Builds the server for production: server/main.ts bundled by esbuild into dist/server/ (ESM, Node 24,
 * dependencies left to node_modules). Modules loaded on demand (the development IdP, the B2C simulator)
 * become chunks of their own, so a production process never loads them. `npm start` and the end-to-end
 * tests run the bundle with plain `node`: no TypeScript loader at run time, so no transform hooks and no
 * source maps held in the heap (the map files are written beside the bundle for reading by hand).
 * `buildServer` is also used by `npm run bench:server` to build the processes it measures the same way.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRPC_SERVER_SOURCE = path.join(ROOT, 'node_modules/@trpc/server/src');

/**
 * `@trpc/server` compiled from the TypeScript source it ships (`src/`), for Node 24, into the bundle.
 * Its published `dist/` spells every object spread with a helper (`_objectSpread2`: key lists,
 * `forEach`, `Object.defineProperty` for keys already present) that tRPC runs several times for each
 * middleware step of each call; native spread does the same copy in a fraction of the time. Same code,
 * same behaviour: only the compiler differs (docs/decisions/0018-server-runtime.md).
 */
const trpcServerFromSource = {
  name: 'trpc-server-from-source',
  setup(build) {
    build.onResolve({ filter: /^@trpc\/server(\/.*)?$/ }, (args) => {
      const base = path.join(TRPC_SERVER_SOURCE, args.path.slice('@trpc/server'.length));
      const file = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => existsSync(f));
      if (!file)
        return { errors: [{ text: `no source for ${args.path} in ${TRPC_SERVER_SOURCE}` }] };
      return { path: file };
    });
  },
};

/** Bundles `entries` (paths from the project root) into `outdir`; returns the output files. */
export async function buildServer({
  entries = ['server/main.ts'],
  outdir = 'dist/server',
  quiet = false,
} = {}) {
  // Chunk names carry hashes: start from an empty folder so no stale chunk is left behind.
  rmSync(path.join(ROOT, outdir), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    sourcemap: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    plugins: [trpcServerFromSource],
    logLevel: quiet ? 'warning' : 'info',
  });
  return Object.keys(result.metafile.outputs);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer({ quiet: process.argv.includes('--quiet') });
}
