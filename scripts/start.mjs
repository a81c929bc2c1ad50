// `npm start` (after the build): runs the server with tsx's loader from node_modules, never npx, so a
// signal reaches the server itself (killing npx would orphan it and keep the port).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules', 'tsx'))) {
  console.error('tsx is missing: run `npm ci` first.');
  process.exit(1);
}
if (!existsSync(path.join(root, 'dist', 'app', 'index.html'))) {
  console.warn('dist/app is not built: /app/ will answer 503 until `npm run build` runs.');
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
