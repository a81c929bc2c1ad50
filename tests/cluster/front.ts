/**
 * The cluster test's load balancer: round-robin over the live servers for HTTP and WebSocket
 * upgrades, on loopback. A server the test marks down (or that refuses a connection) gets no new
 * requests; a request whose server dies under it answers 502, as a real balancer would.
 */
import http from 'node:http';
import net from 'node:net';

export interface Backend {
  name: string;
  port: number;
  up: boolean;
}

export interface Front {
  url: string;
  /** Which backend each open WebSocket went to. */
  socketsOn(name: string): number;
  close(): Promise<void>;
}

export async function startFront(backends: Backend[]): Promise<Front> {
  let next = 0;
  const pick = (): Backend | undefined => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[(next + i) % backends.length]!;
      if (backend.up) {
        next = (next + i + 1) % backends.length;
        return backend;
      }
    }
    return undefined;
  };
  const sockets = new Map<net.Socket, string>();
  const server = http.createServer((req, res) => {
    const backend = pick();
    if (!backend) {
      res.writeHead(502).end('front: no server up');
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') backend.up = false;
      if (!res.headersSent) res.writeHead(502).end(`front: ${backend.name} ${error.code ?? ''}`);
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) => {
    const backend = pick();
    if (!backend) {
      socket.destroy();
      return;
    }
    const upstream = net.connect(backend.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    sockets.set(socket, backend.name);
    const close = () => {
      sockets.delete(socket);
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    upstream.on('close', close);
    socket.on('error', close);
    socket.on('close', close);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    socketsOn: (name) => [...sockets.values()].filter((n) => n === name).length,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets.keys()) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
