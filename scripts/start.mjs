// `npm start` (after the build): runs the built server (dist/server/main.mjs, scripts/build-server.mjs)
// on the project's Node 24 (node_modules/.bin/node), as a child whose signals it forwards, so stopping
// `npm start` stops the server. This script itself may run on another Node: on a fresh machine the
// shell running `npm start` found the system's `node` before the install put Node 24 on its PATH.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectNode } from './project-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join('dist', 'server', 'main.mjs');
if (!existsSync(path.join(root, entry))) {
  console.error(`${entry} is not built: run \`npm run build\` first.`);
  process.exit(1);
}
if (!existsSync(path.join(root, 'dist', 'app', 'index.html'))) {
  console.warn('dist/app is not built: /app/ will answer 503 until `npm run build` runs.');
}

const node = projectNode(root);
if (node.error) {
  console.error(node.error);
  process.exit(1);
}

const child = spawn(node.binary, [entry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
