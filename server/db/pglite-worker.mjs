/**
 * The embedded database on a thread of its own (server/db/pglite-thread.ts opens it). PGlite's engine,
 * its file system and the JavaScript around them live in this worker's heap, not the server's, so the
 * request path's garbage collections never walk them, and a query runs beside the event loop instead
 * of on it. Plain JavaScript, so the same file runs under tsx, Vitest and the production bundle.
 *
 * Messages in:  { id, op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'listen' | 'unlisten' |
 *                 'close', tx?, sql?, params?, rowMode?, textTypes?, rollbackOnError?, channel? }
 * Messages out: { id, ok: true, result } | { id, ok: false, error: { message, name, code, … } },
 *               { notification: { channel, payload } } for each NOTIFY on a channel listened to,
 *               and once { ready: true } or { ready: false, error } after opening.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {(value: string) => string} */
const keepText = (value) => value;

/** Error fields that cross the thread boundary: PostgreSQL's (code, detail, constraint …) and ours. */
function errorFields(error) {
  const fields = {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
}

/** Open transactions by id: the client PGlite gave the callback, and how to end the callback. */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');

/**
 * One statement (or block, or transaction) at a time on the one connection, in arrival order. PGlite
 * has the same lock inside, but a block that fails half-way through an explicit BEGIN leaves the
 * connection in an aborted transaction, and the ROLLBACK that cures it must run before anything else
 * does: holding this gate across both makes sure it does (see `exec` with `rollbackOnError`).
 */
let gate = Promise.resolve();
function exclusive(run) {
  const result = gate.then(run);
  gate = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** Runs a block of statements; when it fails, ends any transaction it opened before the next call. */
async function execAlone(db, sql) {
  try {
    return await db.exec(sql);
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A transaction holds the gate from BEGIN to COMMIT/ROLLBACK; its own statements pass by id. */
function begin(db, tx) {
  return new Promise((began, failed) => {
    void exclusive(
      () =>
        new Promise((release) => {
          openTransaction(db, tx, release).then(began, (error) => {
            release();
            failed(error);
          });
        }),
    );
  });
}

function openTransaction(db, tx, release) {
  return new Promise((began, failed) => {
    let entered = false;
    const done = db.transaction(
      (client) =>
        new Promise((resolve, reject) => {
          entered = true;
          transactions.set(tx, { client, resolve, reject, done, release });
          began(null);
        }),
    );
    // PGlite commits when the callback resolves and rolls back when it rejects; `commit`/`rollback`
    // below await this. A failure before the callback ran (BEGIN itself) fails `begin`.
    done.catch((error) => {
      if (!entered) failed(error);
    });
  });
}

async function end(tx, commit) {
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`No open transaction ${tx}.`);
  transactions.delete(tx);
  try {
    if (commit) {
      entry.resolve(null);
      await entry.done;
      return null;
    }
    entry.reject(ROLLBACK);
    await entry.done.catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
    return null;
  } finally {
    entry.release();
  }
}

/** Channel → the function that stops listening; notifications go to the main thread. */
const listeners = new Map();

async function listen(db, port, channel) {
  if (listeners.has(channel)) return null;
  const unlisten = await db.listen(channel, (payload) =>
    port.postMessage({ notification: { channel, payload } }),
  );
  listeners.set(channel, unlisten);
  return null;
}

async function unlisten(channel) {
  const stop = listeners.get(channel);
  listeners.delete(channel);
  await stop?.();
  return null;
}

/** The database, or the open transaction a message names. */
function clientFor(db, tx) {
  if (tx === undefined) return db;
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`No open transaction ${tx}.`);
  return entry.client;
}

/** Runs `run` at once inside the transaction a message names, else behind the gate. */
function inTurn(message, run) {
  return message.tx === undefined ? exclusive(run) : run();
}

async function handle(db, port, message) {
  switch (message.op) {
    case 'query':
      return inTurn(message, () =>
        clientFor(db, message.tx).query(message.sql, message.params ?? [], {
          rowMode: message.rowMode ?? 'object',
          parsers: Object.fromEntries((message.textTypes ?? []).map((oid) => [oid, keepText])),
        }),
      );
    case 'exec':
      return inTurn(message, () =>
        message.rollbackOnError && message.tx === undefined
          ? execAlone(db, message.sql)
          : clientFor(db, message.tx).exec(message.sql),
      );
    case 'listen':
      return exclusive(() => listen(db, port, message.channel));
    case 'unlisten':
      return exclusive(() => unlisten(message.channel));
    case 'begin':
      return begin(db, message.tx);
    case 'commit':
      return end(message.tx, true);
    case 'rollback':
      return end(message.tx, false);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${String(message.op)}.`);
  }
}

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread.');
try {
  const db = await PGlite.create(workerData.dataDir);
  port.on('message', (message) => {
    // Opening a transaction answers when it has begun; everything else answers when done. Calls
    // outside a transaction wait at the gate until it ends, as PGlite makes them do in one thread.
    handle(db, port, message).then(
      (result) => {
        try {
          port.postMessage({ id: message.id, ok: true, result });
        } catch (error) {
          // A value that cannot be copied across threads: the caller gets an error, not silence.
          port.postMessage({ id: message.id, ok: false, error: errorFields(error) });
        }
      },
      (error) => port.postMessage({ id: message.id, ok: false, error: errorFields(error) }),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: errorFields(error) });
}
