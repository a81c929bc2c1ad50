/** `~/…` imports resolve from the repository root, for every Vite-based tool (tsconfig.json `paths` says the same to tsc, tsx and esbuild). */
import { fileURLToPath } from 'node:url';

export const rootAlias = [
  { find: /^~\//, replacement: fileURLToPath(new URL('./', import.meta.url)) },
];
