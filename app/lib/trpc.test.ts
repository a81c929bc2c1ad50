import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { wsReconnectDelayMs } from '../../domain/constants';
import { MESSAGES } from '../../domain/errors';
import { createTrpcClient } from './trpc';

const server = setupServer(
  http.get('http://garbled.test/trpc/*', () => HttpResponse.json([{ nonsense: true }])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('tRPC client (spec §7, §8, §9)', () => {
  it('reconnects the WebSocket at once, then after 1000 ms × 2^attempt, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(wsReconnectDelayMs)).toEqual([
      0, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("surfaces an unreadable response as 'Unable to transform response from server'", async () => {
    const client = createTrpcClient({
      origin: 'http://garbled.test',
      wsLazy: true,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    await expect(client.orgs.allOrgsForUser.query()).rejects.toThrow(MESSAGES.unableToTransform);
  });
});
