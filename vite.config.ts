import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { rootAlias } from './alias.config.ts';
import { lazyRouteComponentPlugin, routerGeneratorOptions } from './router.config.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const serverOrigin = process.env.BEACON_SERVER_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: here('./app'),
  base: '/app/',
  resolve: { alias: rootAlias },
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      ...routerGeneratorOptions,
      autoCodeSplitting: true,
      // A route's loader and pending screen load with its screen: in the entry chunk they would make
      // every visitor pay for every route's reads (docs/decisions/0002-lean-entry-chunk.md).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    lazyRouteComponentPlugin(),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: here('./dist/app'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser Beacon supports (Vite's baseline-widely-available target) preloads modules
    // itself; the polyfill only added bytes to the entry (docs/decisions/0002-lean-entry-chunk.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk: by default Rolldown
        // splits off each module a lazy route chunk shares with it (the router's core, zod, React),
        // and a dozen small files compress worse than one (docs/decisions/0002-lean-entry-chunk.md).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // No changeOrigin: the Host header stays the dev server's, so Auth.js builds callback URLs for it.
      '/api': { target: serverOrigin },
      '/trpc': { target: serverOrigin },
      '/ws': { target: serverOrigin.replace(/^http/, 'ws'), ws: true },
    },
  },
});
