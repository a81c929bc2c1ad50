/**
 * Where the project's files are, whether this module runs from source (`server/`, through tsx) or from
 * the production bundle (`dist/server/`): the root is the nearest folder above with a package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function projectRoot(from: string): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}.`);
  }
}

export const ROOT = projectRoot(fileURLToPath(import.meta.url));
/** The built app (vite build). */
export const APP_DIR = path.join(ROOT, 'dist', 'app');
/** Versioned migrations (drizzle-kit); read from source in every mode. */
export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');
