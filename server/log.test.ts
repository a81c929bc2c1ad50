import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './log';

describe('createLogger', () => {
  it('redacts cookies, authorization, secrets and tokens', () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (l: string) => lines.push(l) },
    });
    logger.info({
      req: { headers: { cookie: 'authjs.session-token=abc', authorization: 'Bearer xyz' } },
      config: { authSecret: 'hunter2', secretKey: 'k3y' },
      account: { access_token: 'at', refresh_token: 'rt', id_token: 'it', clientSecret: 'cs' },
      session: { sessionToken: 'st' },
      keep: 'visible',
    });
    const out = lines.join('');
    for (const secret of ['abc', 'xyz', 'hunter2', 'k3y', '"at"', '"rt"', '"it"', '"cs"', '"st"']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('visible');
  });
});

describe('nested secrets', () => {
  it('are redacted at any depth and in arrays, without changing the caller’s objects', () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (l: string) => lines.push(l) },
    });
    const event = {
      upstream: {
        request: { options: { headers: { Authorization: 'Bearer deep-bearer' } } },
        response: { body: { data: { access_token: 'deep-at', expires_in: 3600 } } },
      },
      accounts: [{ provider: 'google', refresh_token: 'listed-rt' }],
      apiClient: { config: { credentials: { clientSecret: 'deep-cs', clientId: 'beacon-demo' } } },
      invitation: { email: 'x@example.test', token: 'invite-token' },
    };
    const before = JSON.stringify(event);
    logger
      .child({ session: { user: { sessionToken: 'bound-st' } } })
      .warn(event, 'B2C call failed');
    const out = lines.join('');
    for (const secret of ['deep-bearer', 'deep-at', 'listed-rt', 'deep-cs', 'invite-token']) {
      expect(out).not.toContain(secret);
    }
    const line = JSON.parse(out) as typeof event;
    expect(line.upstream.response.body.data).toEqual({
      access_token: '[redacted]',
      expires_in: 3600,
    });
    expect(line.apiClient.config.credentials.clientId).toBe('beacon-demo');
    expect(line.accounts[0]?.provider).toBe('google');
    expect(JSON.stringify(event)).toBe(before);
  });
});

describe('createHttpLogger', () => {
  async function serve(level: string) {
    const express = (await import('express')).default;
    const { createHttpLogger, requestLogger } = await import('./log');
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level,
      destination: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) },
    });
    const app = express();
    app.use(createHttpLogger(logger));
    app.get('/healthz', (_req, res) => res.json({ ok: true }));
    app.get('/readyz', (_req, res) => res.status(503).json({ ok: false }));
    app.get('/trpc/x', (req, res) => {
      requestLogger(req, logger).info('inside');
      res.status(404).json({});
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    return {
      lines,
      get: (path: string) => fetch(`http://127.0.0.1:${port}${path}`),
      close: () => new Promise((r) => server.close(r)),
    };
  }

  it('logs one line per request without the query, warn for 4xx, with the id on requestLogger lines', async () => {
    const s = await serve('info');
    const res = await s.get('/trpc/x?input=%7B%22secret%22%3A1%7D');
    await s.get('/healthz');
    await s.get('/readyz');
    await s.close();
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]+$/);
    const completed = s.lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 40,
      reqId: id,
      req: { method: 'GET', path: '/trpc/x' },
      res: { statusCode: 404 },
    });
    expect(JSON.stringify(s.lines)).not.toContain('secret');
    expect(s.lines.find((l) => l.msg === 'inside')).toMatchObject({ reqId: id });
  });

  it('logs an invitation link by its route, never with its token', async () => {
    const s = await serve('info');
    const token = 'Zr8vQ2mY4kT7pL1xN6cB3dF9hJ0sW5eA2uG8iK4oR1q';
    await s.get(`/app/accept-invite/${token}`);
    await s.close();
    expect(JSON.stringify(s.lines)).not.toContain(token);
    expect(s.lines.find((l) => l.msg === 'request completed')).toMatchObject({
      req: { path: '/app/accept-invite/:token' },
    });
  });

  it('logs a request the client left before the answer as aborted', async () => {
    const express = (await import('express')).default;
    const { createHttpLogger } = await import('./log');
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) },
    });
    let reached!: () => void;
    const arrived = new Promise<void>((r) => (reached = r));
    const app = express();
    app.use(createHttpLogger(logger));
    app.get('/slow', () => reached()); // never answers
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/slow?token=query-secret-7f3`, {
      signal: controller.signal,
    }).catch(() => null);
    await arrived;
    controller.abort();
    await request;
    await vi.waitFor(() => expect(lines.map((l) => l.msg)).toContain('request aborted'));
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    expect(lines.find((l) => l.msg === 'request aborted')).toMatchObject({
      level: 40,
      req: { method: 'GET', path: '/slow' },
    });
    expect(JSON.stringify(lines)).not.toContain('query-secret-7f3');
  });

  it('writes nothing below the configured level', async () => {
    const s = await serve('error');
    await s.get('/trpc/x');
    await s.close();
    expect(s.lines).toEqual([]);
  });
});
