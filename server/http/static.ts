/**
 * The built app (dist/app) under /app/, with history fallback: any unknown /app/* page gets index.html
 * so the client router shows its own 'Not Found'. Hashed assets are immutable; index.html is never cached.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

export function appStatic(appDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(appDir, 'index.html');

  router.use(
    express.static(appDir, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders(res, file) {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    }),
  );

  // A missing hashed asset is a real 404: answering HTML for a script would only confuse the browser.
  router.use('/assets', (_req, res) => {
    res.status(404).type('text/plain').send('Not Found');
  });

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .set('cache-control', 'no-store')
        .send('The app is not built yet: run `npm run build`, then reload.');
      return;
    }
    res.set('cache-control', 'no-cache');
    res.sendFile(indexFile);
  });

  return router;
}
