#!/usr/bin/env node
// Builds the app and, in the same run with the same Vite, a bare React 19 hello world; then opens
// each in Debian's Chromium exactly as a first-time visitor would and sums the gzip size of every
// JavaScript file the page loads: the entry, its static imports, the chunks of the first route (the
// login screen a signed-out visitor gets at /app/) and anything its beforeLoad or loaders import
// dynamically. Prints the app's initial JS, the baseline and the ratio; exits 1 above the budget.
// A second app build with a Sentry DSN shows what error reporting adds: its chunks load only after
// the first screen (from the 'beacon:telemetry' performance mark on), and what loads before that
// must stay within the budget too. The rows at the end are reported as every bench reports them
// (bench-report.ts).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const BUDGET = 1.6;
const TELEMETRY_MARK = 'beacon:telemetry';
// Never reached: the bench only needs Sentry configured, not a place to send to.
const BENCH_SENTRY_DSN = 'http://bench@127.0.0.1:9/1';
const { launchOptions } = await tsImport('./chromium.ts', import.meta.url);
const { reportRows } = await tsImport('./bench-report.ts', import.meta.url);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * Serves a build folder under `base` (falling back to its index.html, as the server does for app
 * routes) and plays a signed-out API: no session, and 401 for any tRPC call.
 */
function serve(dir, base) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/api/auth/session')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('null');
    if (path === '/api/auth/csrf')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"csrfToken":"bench"}');
    if (path.startsWith('/trpc/'))
      return void res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(
          '{"error":{"json":{"message":"Sign in","code":-32001,"data":{"code":"UNAUTHORIZED","httpStatus":401}}}}',
        );
    if (!path.startsWith(base)) return void res.writeHead(404).end();
    let file = normalize(join(dir, path.slice(base.length)));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) {
      // Missing assets are real 404s; anything else is an app route.
      if (extname(file)) return void res.writeHead(404).end();
      file = join(dir, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, origin: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

/**
 * Opens `base` of a served build in Chromium, waits until `ready` holds and the network is idle,
 * and returns each JavaScript file loaded with its gzip size (level 9, from the build output).
 */
async function measureFirstVisit(browser, dir, base, ready, { telemetry = false } = {}) {
  const { server, origin } = await serve(dir, base);
  const page = await browser.newPage();
  const scripts = new Set();
  const failures = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && !url.pathname.startsWith('/trpc/'))
      failures.push(`${response.status()} ${url.pathname}`);
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  page.on('pageerror', (error) => failures.push(error.message));
  let timings;
  try {
    await page.goto(`${origin}${base}`);
    await ready(page);
    if (telemetry)
      await page.waitForFunction(
        (mark) => performance.getEntriesByName(mark).length > 0,
        TELEMETRY_MARK,
        { timeout: 30_000 },
      );
    await page.waitForLoadState('networkidle');
    // Whatever the first screen defers past idle (lazy screens, idle-time imports) still counts.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    if (failures.length) throw new Error(`first visit failed: ${failures.join('; ')}`);
    timings = await page.evaluate((mark) => {
      const started = performance.getEntriesByName(mark)[0]?.startTime ?? null;
      const scriptStarts = performance
        .getEntriesByType('resource')
        .map((entry) => [new URL(entry.name).pathname, entry.startTime]);
      return { started, scriptStarts };
    }, TELEMETRY_MARK);
  } finally {
    await page.close();
    server.close();
  }
  const startOf = new Map(timings.scriptStarts);
  const files = [...scripts].map((path) => {
    // The build's own source-map comment is not code the visitor runs (dist/app has source maps).
    const code = readFileSync(join(dir, path.slice(base.length)), 'utf8').replace(
      /\n\/\/# sourceMappingURL=\S+\s*$/,
      '\n',
    );
    const gz = gzipSync(code, { level: 9 }).length;
    // Requested once telemetry started loading: after the first screen, not part of it.
    const deferred = timings.started !== null && (startOf.get(path) ?? 0) >= timings.started;
    return { file: path.slice(base.length), gz, deferred };
  });
  const sum = (list) => list.reduce((total, f) => total + f.gz, 0);
  return {
    files,
    gz: sum(files.filter((f) => !f.deferred)),
    deferredGz: sum(files.filter((f) => f.deferred)),
  };
}

async function buildTo(config, outDir) {
  await build({
    ...config,
    logLevel: 'warn',
    build: { ...config.build, outDir, sourcemap: false, emptyOutDir: true },
  });
  return outDir;
}

// `--built`: measure the client `npm run build` wrote (dist/app) instead of building it again, as
// `npm test` does right after its build stage. Any other run builds from the sources.
const useBuilt = process.argv.includes('--built');
const builtAppDir = join(root, 'dist/app');
if (useBuilt && !existsSync(join(builtAppDir, 'index.html'))) {
  console.error('bench:bundle --built: dist/app has no build; run `npm run build` first.');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'beacon-bench-'));
const browser = await chromium.launch(launchOptions);
try {
  const appDir = useBuilt
    ? builtAppDir
    : await buildTo({ configFile: join(root, 'vite.config.ts') }, join(work, 'app'));
  // Vite reads VITE_* variables from the environment at build time.
  process.env.VITE_SENTRY_DSN = BENCH_SENTRY_DSN;
  const sentryDir = await buildTo(
    { configFile: join(root, 'vite.config.ts') },
    join(work, 'app-sentry'),
  ).finally(() => delete process.env.VITE_SENTRY_DSN);

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
  const helloDir = await buildTo(
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

  // A signed-out visitor's first screen: the login screen at /app/.
  const app = await measureFirstVisit(browser, appDir, '/app/', (page) =>
    page.getByRole('button', { name: 'Sign in with Salesforce' }).waitFor({ timeout: 30_000 }),
  );
  const withSentry = await measureFirstVisit(
    browser,
    sentryDir,
    '/app/',
    (page) =>
      page.getByRole('button', { name: 'Sign in with Salesforce' }).waitFor({ timeout: 30_000 }),
    { telemetry: true },
  );
  const baseline = await measureFirstVisit(browser, helloDir, '/', (page) =>
    page.getByRole('heading', { name: 'Hello, world' }).waitFor({ timeout: 30_000 }),
  );

  const ratio = app.gz / baseline.gz;
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `app initial JS (gzip):       ${kb(app.gz)} in ${app.files.length} files loaded by /app/ (signed out, login screen)`,
  );
  for (const f of [...app.files].sort((a, b) => b.gz - a.gz))
    console.log(`  ${kb(f.gz).padStart(9)}  ${f.file}`);
  console.log(
    `React 19 hello world (gzip): ${kb(baseline.gz)} in ${baseline.files.length} file(s)`,
  );
  console.log(`ratio:                       ${ratio.toFixed(2)}x  (budget ${BUDGET}x)`);
  const sentryRatio = withSentry.gz / baseline.gz;
  console.log(
    `with a Sentry DSN:           ${kb(withSentry.gz)} before the first screen (${sentryRatio.toFixed(2)}x), then ${kb(withSentry.deferredGz)} after it, error reporting included`,
  );
  if (withSentry.deferredGz === 0) {
    console.error('The Sentry build loaded no telemetry chunk after the first screen.');
    process.exitCode = 1;
  }
  for (const [name, value] of [
    ['Initial JS', ratio],
    ['Initial JS with a Sentry DSN', sentryRatio],
  ]) {
    if (value > BUDGET) {
      console.error(`${name} is over budget: ${value.toFixed(2)}x > ${BUDGET}x`);
      process.exitCode = 1;
    }
  }
  reportRows('bundle', [
    {
      case: 'initial JS of /app/ (gzip, signed out) / React 19 hello world',
      database: '–',
      figure: `${ratio.toFixed(2)}× (${kb(app.gz)} / ${kb(baseline.gz)})`,
      goal: `≤ ${BUDGET}×`,
      met: ratio <= BUDGET,
    },
    {
      case: 'with a Sentry DSN: initial JS before the first screen / hello world',
      database: '–',
      figure: `${sentryRatio.toFixed(2)}× (${kb(withSentry.gz)})`,
      goal: `≤ ${BUDGET}×`,
      met: sentryRatio <= BUDGET,
    },
    {
      case: 'with a Sentry DSN: error reporting loaded after the first screen',
      database: '–',
      figure: kb(withSentry.deferredGz),
      goal: '> 0 KB',
      met: withSentry.deferredGz > 0,
    },
  ]);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
