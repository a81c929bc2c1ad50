/**
 * The embedded database (PGlite) run on a worker thread (pglite-worker.mjs), behind the part of PGlite's
 * interface that Drizzle's PGlite driver and migrator call: `query`, `exec`, `transaction` (with the
 * client it passes to the callback) and `close`. Why: PGlite's engine and its JavaScript are ~11 MB of
 * the server's heap when they share its thread; every major garbage collection of the request path
 * walked them. On a thread of its own they are collected apart, and a query runs beside the event loop.
 * Rows, parameters and errors are copied between threads (structured clone); errors keep PostgreSQL's
 * fields (`code`, `detail`, `constraint` …), so a unique violation is still recognised by its code.
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { Results } from '@electric-sql/pglite';
import { ROOT } from '~/server/paths';

const WORKER_FILE = path.join(ROOT, 'server', 'db', 'pglite-worker.mjs');

type RowMode = 'object' | 'array';
interface QueryOptions {
  rowMode?: RowMode;
  /** Drizzle passes parsers that keep some types as text; only such parsers can cross the thread. */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
type Request =
  | {
      op: 'query';
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      textTypes: number[];
    }
  | { op: 'exec'; tx?: number; sql: string; rollbackOnError?: boolean }
  | { op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };
type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorFields };
type Ready = { ready: true } | { ready: false; error: ErrorFields };
type Notification = { notification: { channel: string; payload: string } };
interface ErrorFields {
  name: string;
  message: string;
  [field: string]: unknown;
}

/** An error from the worker, with PostgreSQL's fields (`code` …) as own properties. */
function revive(fields: ErrorFields): Error {
  const { name, message, ...rest } = fields;
  const error = new Error(message);
  if (name && name !== 'Error') error.name = name;
  return Object.assign(error, rest);
}

/** Parsers that only keep a value as text, as the worker applies them; anything else is refused. */
function textTypes(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = '2026-11-24 10:00:00+00';
    if (parse(probe, Number(oid)) !== probe)
      throw new Error(
        `Parser for type ${oid} changes values: it cannot run on the database thread.`,
      );
    return Number(oid);
  });
}

export interface PGliteTransactionLike {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #nextTx = 0;
  #failure: Error | null = null;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  /** Resolves once PGlite has opened the data folder; rejects when it could not. */
  readonly ready: Promise<void>;

  /**
   * Starts the worker on the data folder (or `memory://`). Calls may be made at once: the worker takes
   * them in order once PGlite is open, and they fail with the opening error if it could not open.
   */
  constructor(dataDir: string) {
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir } });
    this.#worker = worker;
    let opened!: () => void;
    let failed!: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    // Nobody may be awaiting `ready`; its failure reaches every call instead.
    this.ready.catch(() => undefined);
    const fail = (error: Error) => {
      this.#failure ??= error;
      failed(this.#failure);
      for (const call of this.#pending.values()) call.reject(this.#failure);
      this.#pending.clear();
    };
    worker.on('message', (message: Reply | Ready | Notification) => {
      if ('notification' in message) {
        const { channel, payload } = message.notification;
        for (const listener of this.#listeners.get(channel) ?? []) listener(payload);
        return;
      }
      if ('ready' in message) {
        if (message.ready) opened();
        else fail(revive(message.error));
        return;
      }
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#pending.delete(message.id);
      if (message.ok) call.resolve(message.result);
      else call.reject(revive(message.error));
    });
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`The database thread stopped (exit code ${code}).`)),
    );
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) {
    return this.#call<Results<T>>({
      op: 'query',
      ...(tx === undefined ? {} : { tx }),
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      textTypes: textTypes(options.parsers),
    });
  }

  exec(sql: string, tx?: number) {
    return this.#call<Results[]>({ op: 'exec', ...(tx === undefined ? {} : { tx }), sql });
  }

  /**
   * Runs a block of statements that may hold its own BEGIN … COMMIT (the job queue sends such blocks).
   * When one fails half-way, the aborted transaction is rolled back before any other call runs, so a
   * failed block never leaves the one connection unusable for the next caller.
   */
  execBlock(sql: string) {
    return this.#call<Results[]>({ op: 'exec', sql, rollbackOnError: true });
  }

  /**
   * As PGlite's `listen`: calls `callback` with each NOTIFY payload on `channel` (sent by any query on
   * this database) until the returned function is called.
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: 'listen', channel });
    }
    listeners.add(callback);
    return async () => {
      const set = this.#listeners.get(channel);
      if (!set?.delete(callback) || set.size > 0) return;
      this.#listeners.delete(channel);
      await this.#call({ op: 'unlisten', channel }).catch(() => undefined);
    };
  }

  /** As PGlite's: commits when `fn` resolves, rolls back when it throws or calls `rollback()`. */
  async transaction<T>(fn: (tx: PGliteTransactionLike) => Promise<T>): Promise<T> {
    const tx = ++this.#nextTx;
    await this.#call({ op: 'begin', tx });
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const client: PGliteTransactionLike = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.query<R>(sql, params, options, tx);
      },
      exec: (sql: string) => {
        ensureOpen();
        return this.exec(sql, tx);
      },
      rollback: async () => {
        ensureOpen();
        closed = true;
        await this.#call({ op: 'rollback', tx });
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await fn(client);
      if (!closed) {
        closed = true;
        await this.#call({ op: 'commit', tx });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'rollback', tx }).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Closes the database (flushing it to the data folder) and stops the thread, even if closing failed. */
  async close(): Promise<void> {
    try {
      if (!this.#failure) await this.#call({ op: 'close' });
    } finally {
      this.#failure ??= new Error('The database is closed.');
      await this.#worker.terminate();
    }
  }
}
