import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookSender, type LookupFn, WebhookError } from './webhook';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A TCP listener on 127.0.0.1 that counts connections: a refused address must reach it zero times. */
async function connectionCounter() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  closers.push(() => new Promise((done) => server.close(() => done())));
  return { port: (server.address() as AddressInfo).port, connections: () => sockets.size };
}

interface Received {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** An http receiver on 127.0.0.1; `answer` writes the response, or never does. */
async function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(req, res);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  closers.push(
    () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const resolvesTo =
  (address: string, family: 4 | 6 = 4): LookupFn =>
  () =>
    Promise.resolve([{ address, family }]);

async function failure(promise: Promise<void>): Promise<WebhookError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebhookError);
  return err as WebhookError;
}

const PRIVATE_MESSAGE =
  'The webhook’s address resolves to a private network address, which Beacon does not post to';

describe('production (allowLocal: false)', () => {
  it('refuses plain http, even to this machine', async () => {
    const counter = await connectionCounter();
    const send = createWebhookSender({ allowLocal: false }).send;
    for (const url of [
      `http://127.0.0.1:${counter.port}/hook`,
      `http://localhost:${counter.port}/hook`,
      'http://hooks.example.com/hook',
    ]) {
      const err = await failure(send(url, { text: 'x' }));
      expect(err.message).toBe('Webhook addresses must use https');
      expect(err.retryable).toBe(false);
    }
    expect(counter.connections()).toBe(0);
  });

  it('refuses https to an address that is not public, written as an IP, without connecting', async () => {
    const counter = await connectionCounter();
    // A lookup that would be a mistake to call: literals must be checked without it.
    const lookup: LookupFn = () => Promise.reject(new Error('lookup called for a literal'));
    const send = createWebhookSender({ allowLocal: false, lookup }).send;
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '[fd00::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
      '0.0.0.0',
      '100.64.0.1',
      '172.16.0.1',
      '[fe80::1]',
      '224.0.0.1',
      '255.255.255.255',
      '[::7f00:1]',
      '198.18.0.1',
      '[100::1]',
      '[64:ff9b::a00:1]',
      '[2001:db8::1]',
    ]) {
      const err = await failure(send(`https://${host}:${counter.port}/hook`, { text: 'x' }));
      expect([host, err.message, err.retryable]).toEqual([host, PRIVATE_MESSAGE, false]);
    }
    expect(counter.connections()).toBe(0);
  });

  it('refuses a host name that resolves to a private or loopback address, without connecting', async () => {
    const counter = await connectionCounter();
    for (const [address, family] of [
      ['10.0.0.5', 4],
      ['127.0.0.1', 4],
      ['::1', 6],
      ['::ffff:127.0.0.1', 6],
    ] as const) {
      const send = createWebhookSender({
        allowLocal: false,
        lookup: resolvesTo(address, family),
      }).send;
      const err = await failure(send(`https://hooks.example.com:${counter.port}/h`, { text: 'x' }));
      expect([address, err.message, err.retryable]).toEqual([address, PRIVATE_MESSAGE, false]);
    }
    expect(counter.connections()).toBe(0);
  });

  it('refuses a host when any one of its addresses is private', async () => {
    const counter = await connectionCounter();
    const lookup: LookupFn = () =>
      Promise.resolve([
        { address: '127.0.0.1', family: 4 },
        { address: '93.184.215.14', family: 4 },
      ]);
    const send = createWebhookSender({ allowLocal: false, lookup }).send;
    const err = await failure(send(`https://hooks.example.com:${counter.port}/h`, {}));
    expect(err.message).toBe(PRIVATE_MESSAGE);
    expect(counter.connections()).toBe(0);
  });

  it('refuses credentials in the address', async () => {
    const send = createWebhookSender({ allowLocal: false }).send;
    const err = await failure(send('https://user:secret@hooks.example.com/h', {}));
    expect(err.message).toBe('Webhook addresses cannot contain a user name or password');
    expect(err.retryable).toBe(false);
  });

  it('says a host that does not resolve was not found, as worth retrying', async () => {
    const lookup: LookupFn = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    const send = createWebhookSender({ allowLocal: false, lookup }).send;
    const err = await failure(send('https://hooks.example.com/h', {}));
    expect(err.message).toBe('The webhook’s host hooks.example.com was not found');
    expect(err.retryable).toBe(true);
  });
});

describe('development (allowLocal: true)', () => {
  it('posts the JSON to a receiver on this machine', async () => {
    const hook = await receiver((_req, res) => res.writeHead(200).end('ok'));
    const { send } = createWebhookSender({ allowLocal: true });
    await send(`${hook.base}/services/T0/B0/abc`, { text: 'Mention rate dropped' });
    expect(hook.received).toEqual([
      {
        method: 'POST',
        url: '/services/T0/B0/abc',
        contentType: 'application/json',
        body: '{"text":"Mention rate dropped"}',
      },
    ]);
  });

  it('posts over http to localhost when it resolves to loopback', async () => {
    const hook = await receiver((_req, res) => res.writeHead(204).end());
    const port = new URL(hook.base).port;
    const { send } = createWebhookSender({ allowLocal: true, lookup: resolvesTo('127.0.0.1') });
    await send(`http://localhost:${port}/hook`, { text: 'x' });
    expect(hook.received.map((r) => r.body)).toEqual(['{"text":"x"}']);
  });

  it('refuses plain http to localhost when it resolves elsewhere', async () => {
    const { send } = createWebhookSender({ allowLocal: true, lookup: resolvesTo('93.184.215.14') });
    const err = await failure(send('http://localhost:4100/hook', {}));
    expect(err.message).toBe(PRIVATE_MESSAGE);
  });

  it('keeps the production rules beyond loopback', async () => {
    const counter = await connectionCounter();
    const { send } = createWebhookSender({ allowLocal: true, lookup: resolvesTo('10.0.0.5') });
    expect((await failure(send('http://hooks.example.com/hook', {}))).message).toBe(
      'Webhook addresses must use https',
    );
    expect((await failure(send('https://192.168.0.1/hook', {}))).message).toBe(PRIVATE_MESSAGE);
    expect((await failure(send(`https://hooks.example.com:${counter.port}/h`, {}))).message).toBe(
      PRIVATE_MESSAGE,
    );
    expect(counter.connections()).toBe(0);
  });

  it('fails a 500 as retryable and a 429 as retryable', async () => {
    const { send } = createWebhookSender({ allowLocal: true });
    for (const status of [500, 429]) {
      const hook = await receiver((_req, res) => res.writeHead(status).end('busy'));
      const err = await failure(send(`${hook.base}/hook`, { text: 'x' }));
      expect([err.message, err.retryable]).toEqual([`The webhook answered ${status}`, true]);
    }
  });

  it('fails a 404 as not retryable', async () => {
    const hook = await receiver((_req, res) => res.writeHead(404).end('no_service'));
    const { send } = createWebhookSender({ allowLocal: true });
    const err = await failure(send(`${hook.base}/hook`, { text: 'x' }));
    expect([err.message, err.retryable]).toEqual(['The webhook answered 404', false]);
  });

  it('does not follow a redirect', async () => {
    const target = await receiver((_req, res) => res.writeHead(200).end());
    const hook = await receiver((_req, res) =>
      res.writeHead(302, { location: `${target.base}/elsewhere` }).end(),
    );
    const { send } = createWebhookSender({ allowLocal: true });
    const err = await failure(send(`${hook.base}/hook`, { text: 'x' }));
    expect([err.message, err.retryable]).toEqual([
      'The webhook answered 302; redirects are not followed',
      false,
    ]);
    expect(hook.received).toHaveLength(1);
    expect(target.received).toEqual([]);
  });

  it('gives up on a receiver that never answers, as retryable', async () => {
    const hook = await receiver(() => undefined);
    const { send } = createWebhookSender({ allowLocal: true, timeoutMs: 200 });
    const err = await failure(send(`${hook.base}/hook`, { text: 'x' }));
    expect([err.message, err.retryable]).toEqual([
      'The webhook did not answer within 200 ms',
      true,
    ]);
  });

  it('says a refused connection is worth retrying', async () => {
    const counter = await connectionCounter();
    // The port is free once the listener closes, so nothing answers there.
    await closers.pop()!();
    const { send } = createWebhookSender({ allowLocal: true });
    const err = await failure(send(`http://127.0.0.1:${counter.port}/hook`, {}));
    expect([err.message, err.retryable]).toEqual([
      `The webhook at 127.0.0.1:${counter.port} could not be reached (ECONNREFUSED)`,
      true,
    ]);
  });
});

describe('error messages', () => {
  it('never hold the address’s path or query', async () => {
    const secretPath = '/services/T0SECRET/B0SECRET/XOXSECRET';
    const query = '?token=QUERYSECRET';
    const messages: string[] = [];
    const collect = async (sender: ReturnType<typeof createWebhookSender>, url: string) => {
      messages.push((await failure(sender.send(url + secretPath + query, {}))).message);
    };
    const prod = createWebhookSender({ allowLocal: false, lookup: resolvesTo('10.0.0.5') });
    await collect(prod, 'http://hooks.example.com');
    await collect(prod, 'https://10.0.0.1');
    await collect(prod, 'https://hooks.example.com');
    const dev = createWebhookSender({ allowLocal: true, timeoutMs: 200 });
    for (const answer of [500, 404, 302, 'never'] as const) {
      const hook = await receiver((_req, res) => {
        if (answer !== 'never') res.writeHead(answer, { location: '/x' }).end();
      });
      await collect(dev, hook.base);
    }
    expect(messages).toHaveLength(7);
    for (const message of messages) {
      expect(message).not.toMatch(/SECRET|token|services/);
    }
  });
});
