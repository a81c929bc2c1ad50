/**
 * The process's one LISTEN connection (PostgreSQL NOTIFY): run changes (jobs/events.ts) and cache
 * invalidations (server/invalidations.ts) reach every process on the database through it. On PGlite the
 * listener is the database's own (one process). On PostgreSQL it is a client of its own, outside the
 * pool, reopened whenever it drops (a restart, a network cut); after a reopen every subscriber's
 * `onReconnect` runs, because notifications sent while it was away are lost.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_999;

export interface NotifyBus {
  /** Sends `payload` on `channel` to every listening process (this one included). */
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with each payload sent on `channel`, and `onReconnect` after the listening
   * connection came back (what was sent meanwhile is lost: re-read or forget). Returns the unsubscribe.
   */
  subscribe(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): () => void;
  /** Resolves once this process listens (the first connection); subscribing starts it as well. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The listening connection's application_name (pg_stat_activity shows which backend it is). */
export const LISTEN_APPLICATION_NAME = 'beacon-listen';

export interface NotifyBusOptions {
  /** Wait between attempts to reopen the listening connection (default 1 s). */
  reconnectMs?: number;
  /** Told when the listening connection drops or a reopen fails (it keeps trying). */
  onConnectionError?: (error: unknown) => void;
}

interface Subscriber {
  onMessage: (payload: string) => void;
  onReconnect: (() => void) | undefined;
}

/** Channel names are SQL identifiers here (LISTEN takes no parameter): only plain names are accepted. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function createNotifyBus(database: Database, options: NotifyBusOptions = {}): NotifyBus {
  const reconnectMs = options.reconnectMs ?? 1_000;
  const channels = new Map<string, Set<Subscriber>>();
  const deliver = (channel: string, payload: string) => {
    for (const subscriber of channels.get(channel) ?? []) subscriber.onMessage(payload);
  };
  const reconnected = () => {
    for (const set of channels.values()) for (const s of set) s.onReconnect?.();
  };

  let closed = false;
  let started: Promise<void> | undefined;
  let listen: (channel: string) => Promise<void> = async () => undefined;
  let stop: () => Promise<void> = async () => undefined;

  function startPglite() {
    const { handle } = database;
    if (handle.driver !== 'pglite') throw new Error('not PGlite');
    const unlisteners: (() => Promise<void>)[] = [];
    listen = async (channel) => {
      unlisteners.push(await handle.client.listen(channel, (payload) => deliver(channel, payload)));
    };
    stop = async () => {
      await Promise.all(unlisteners.map((unlisten) => unlisten().catch(() => undefined)));
    };
    return Promise.all([...channels.keys()].map((channel) => listen(channel))).then(
      () => undefined,
    );
  }

  function startPostgres(url: string): Promise<void> {
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let firstConnected: (() => void) | undefined;
    const first = new Promise<void>((resolve) => (firstConnected = resolve));

    const schedule = () => {
      if (!closed && !timer) timer = setTimeout(() => void attempt(), reconnectMs);
    };
    const lost = (next: pg.Client, error?: unknown) => {
      if (client !== next && client !== undefined) return;
      client = undefined;
      if (error) options.onConnectionError?.(error);
      void next.end().catch(() => undefined);
      schedule();
    };
    const attempt = async (): Promise<void> => {
      timer = undefined;
      if (closed) return;
      const next = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: LISTEN_APPLICATION_NAME,
      });
      next.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        options.onConnectionError?.(error);
        next.removeAllListeners('end');
        next.on('error', () => undefined);
        void next.end().catch(() => undefined);
        schedule();
        return;
      }
      if (closed) {
        void next.end().catch(() => undefined);
        return;
      }
      const wasFirst = firstConnected !== undefined;
      client = next;
      firstConnected?.();
      firstConnected = undefined;
      if (!wasFirst) reconnected();
    };
    listen = async (channel) => {
      // A channel added while the connection is down is listened to by the next reopen.
      await client?.query(`LISTEN ${channel}`);
    };
    stop = async () => {
      clearTimeout(timer);
      const current = client;
      client = undefined;
      current?.removeAllListeners('end');
      await current?.end().catch(() => undefined);
    };
    void attempt();
    return first;
  }

  function start(): Promise<void> {
    started ??= (() => {
      const { handle } = database;
      if (handle.driver === 'pglite') return startPglite();
      const url = handle.client.options.connectionString;
      if (!url)
        return Promise.reject(new Error('LISTEN needs the PostgreSQL URL of the database.'));
      return startPostgres(url);
    })();
    return started;
  }

  return {
    async publish(channel, payload) {
      if (Buffer.byteLength(payload) > MAX_NOTIFY_PAYLOAD_BYTES) {
        throw new Error(`A NOTIFY payload on ${channel} is too long.`);
      }
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    subscribe(channel, onMessage, onReconnect) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      let set = channels.get(channel);
      const isNew = !set;
      if (!set) channels.set(channel, (set = new Set()));
      const subscriber: Subscriber = { onMessage, onReconnect };
      set.add(subscriber);
      if (!started) void start().catch(() => undefined);
      else if (isNew) void started.then(() => listen(channel)).catch(() => undefined);
      return () => {
        set.delete(subscriber);
      };
    },
    ready: start,
    async close() {
      closed = true;
      await stop();
    },
  };
}
