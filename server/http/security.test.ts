import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '~/server/log';
import {
  errorHandler,
  faviconServiceOrigin,
  httpOrigin,
  inOneStep,
  jsonOnlyMutations,
  securityHeaders,
  signInRateLimit,
} from './security';

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('Content-Security-Policy img-src', () => {
  async function imgSrc(imageOrigins?: string[]) {
    const app = express();
    app.use(securityHeaders({ publicUrl: undefined, signInOrigins: [], imageOrigins }));
    app.get('/', (_req, res) => res.send('ok'));
    const csp = (await fetch(await serve(app))).headers.get('content-security-policy') ?? '';
    return /(?:^|;)img-src ([^;]*)/.exec(csp)?.[1];
  }

  it('allows the app, inline images and the favicon service only; never any https: host', async () => {
    expect(await imgSrc()).toBe("'self' data: blob:");
    expect(await imgSrc(['https://icons.example.com'])).toBe(
      "'self' data: blob: https://icons.example.com",
    );
  });

  it('derives the favicon service origin from its URL template', () => {
    expect(faviconServiceOrigin('https://icons.example.com/ip3/{domain}.ico')).toBe(
      'https://icons.example.com',
    );
    expect(faviconServiceOrigin('https://www.google.com/s2/favicons?domain={domain}&sz=64')).toBe(
      'https://www.google.com',
    );
    // Unset, not http(s), or a host made from the domain: nothing to name.
    for (const template of [
      undefined,
      '',
      'javascript:{domain}',
      'https://{domain}/favicon.ico',
      '{domain}',
    ])
      expect(faviconServiceOrigin(template), String(template)).toBeNull();
  });
});

describe('Content-Security-Policy connect-src', () => {
  async function connectSrc(connectOrigins?: string[]) {
    const app = express();
    app.use(securityHeaders({ publicUrl: undefined, signInOrigins: [], connectOrigins }));
    app.get('/', (_req, res) => res.send('ok'));
    const csp = (await fetch(await serve(app))).headers.get('content-security-policy') ?? '';
    return /(?:^|;)connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  }

  it("names the analytics endpoint's and the Sentry DSN's origins the build was given", async () => {
    const base = await connectSrc();
    expect(base[0]).toBe("'self'");
    expect(base).not.toContain('https://stats.example.com');
    const origins = [
      httpOrigin('https://stats.example.com/collect'),
      httpOrigin('https://0123abc@errors.example.com/42'),
    ];
    expect(origins).toEqual(['https://stats.example.com', 'https://errors.example.com']);
    const extended = await connectSrc(origins.filter((o): o is string => o !== null));
    expect(extended).toEqual([...base, 'https://stats.example.com', 'https://errors.example.com']);
  });

  it('names nothing for unset, relative (same-origin) or non-http URLs', () => {
    for (const url of [undefined, '', '  ', '/collect', 'javascript:alert(1)', 'ws://x.test'])
      expect(httpOrigin(url), String(url)).toBeNull();
  });
});

describe('signInRateLimit', () => {
  it('answers 429 once the limit is spent', async () => {
    const app = express();
    app.use('/api/auth/signin', signInRateLimit({ limit: 2 }));
    app.post('/api/auth/signin/salesforce', (_req, res) => res.status(302).end());
    const url = `${await serve(app)}/api/auth/signin/salesforce`;
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await fetch(url, { method: 'POST', redirect: 'manual' })).status);
    expect(statuses).toEqual([302, 302, 429]);
  });
});

describe('jsonOnlyMutations', () => {
  it('passes JSON posts and queries, refuses the rest with tRPC-shaped errors', async () => {
    const app = express();
    app.use('/trpc', jsonOnlyMutations(100), (_req, res) => res.json({ ok: true }));
    const base = `${await serve(app)}/trpc/x`;
    const post = (type: string, body = '{}') =>
      fetch(base, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await fetch(base)).status).toBe(200);
    expect((await post('application/json')).status).toBe(200);
    expect((await post('Application/JSON; charset=utf-8')).status).toBe(200);
    expect((await post('text/plain')).status).toBe(415);
    expect((await post('application/json', 'x'.repeat(200))).status).toBe(413);
    const del = await fetch(base, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(await del.json()).toMatchObject({
      error: { json: { data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } } },
    });
  });
});

describe('inOneStep', () => {
  it('runs the handlers in order, stops at the one that answers, and passes errors on', async () => {
    const seen: string[] = [];
    const app = express();
    app.use(
      '/x',
      inOneStep(
        (req, _res, next) => {
          seen.push('first');
          next();
        },
        (req, res, next) => {
          seen.push('second');
          if (req.query.stop) res.status(409).json({ stopped: true });
          else if (req.query.fail) next(Object.assign(new Error('nope'), { status: 418 }));
          else next();
        },
        (_req, _res, next) => {
          seen.push('third');
          next();
        },
      ),
      (_req, res) => res.json({ reached: true }),
    );
    app.use(errorHandler({ logger: createLogger({ level: 'silent' }), exposeStack: false }));
    const base = await serve(app);
    expect(await (await fetch(`${base}/x`)).json()).toEqual({ reached: true });
    expect(seen.splice(0)).toEqual(['first', 'second', 'third']);
    const stopped = await fetch(`${base}/x?stop=1`);
    expect([stopped.status, await stopped.json()]).toEqual([409, { stopped: true }]);
    expect(seen.splice(0)).toEqual(['first', 'second']);
    expect((await fetch(`${base}/x?fail=1`)).status).toBe(418);
    expect(seen.splice(0)).toEqual(['first', 'second']);
  });
});

describe('errorHandler', () => {
  const logger = createLogger({ level: 'silent' });

  it('hides unknown errors behind a bare 500, with a stack only in development', async () => {
    for (const exposeStack of [false, true]) {
      const app = express();
      app.get('/boom', () => {
        throw new Error('secret detail');
      });
      app.use(errorHandler({ logger, exposeStack }));
      const res = await fetch(`${await serve(app)}/boom`);
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: { message: string; stack?: string } };
      expect(body.error.message).toBe('Internal server error.');
      expect(JSON.stringify(body).includes('secret detail')).toBe(exposeStack);
    }
  });

  it('keeps a client error a 4xx', async () => {
    const app = express();
    app.post('/in', express.json({ limit: 10 }), (_req, res) => res.json({}));
    app.use(errorHandler({ logger, exposeStack: false }));
    const url = `${await serve(app)}/in`;
    const big = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(50) }),
    });
    expect(big.status).toBe(413);
    const bad = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body.error)).toEqual(['message']);
    expect(String(body.error.message)).not.toMatch(/\n\s+at /);
  });
});
