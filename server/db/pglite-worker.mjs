/**
 * The embedded database on a thread of its own (server/db/pglite-thread.ts opens it). PGlite's engine,
 * its file system and the JavaScript around them live in this worker's heap, not the server's, so the
 * request path's garbage collections never walk them, and a query runs beside the event loop instead
 * of on it. Plain JavaScript, so the same file runs under tsx, Vitest and the production bundle.
 *
 * Messages in:  { id, op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close', tx?, sql?,
 *                 params?, rowMode?, textTypes? }
 * Messages out: { id, ok: true, result } | { id, ok: false, error: { message, name, code, … } },
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

function begin(db, tx) {
  return new Promise((began, failed) => {
    let entered = false;
    const done = db.transaction(
      (client) =>
        new Promise((resolve, reject) => {
          entered = true;
          transactions.set(tx, { client, resolve, reject, done });
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
}

/** The database, or the open transaction a message names. */
function clientFor(db, tx) {
  if (tx === undefined) return db;
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`No open transaction ${tx}.`);
  return entry.client;
}

async function handle(db, message) {
  switch (message.op) {
    case 'query':
      return clientFor(db, message.tx).query(message.sql, message.params ?? [], {
        rowMode: message.rowMode ?? 'object',
        parsers: Object.fromEntries((message.textTypes ?? []).map((oid) => [oid, keepText])),
      });
    case 'exec':
      return clientFor(db, message.tx).exec(message.sql);
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
    // Opening a transaction answers when it has begun; everything else answers when done. PGlite
    // itself keeps queries outside a transaction waiting until it ends, as it does in one thread.
    handle(db, message).then(
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
