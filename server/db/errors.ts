/** PostgreSQL errors a service turns into the caller's mistake instead of a server fault. */
import { DomainError } from '~/domain/shared/errors';
import { APP_MESSAGES } from '~/domain/shared/messages';

/**
 * PostgreSQL cannot store a NUL byte in text (zod lets one through): a lookup answered from a cache
 * refuses it the way the database would (INVALID, see index.ts), so a cache never changes the answer.
 */
export function rejectUnstorableText(...values: string[]): void {
  if (values.some((v) => v.includes('\u0000'))) {
    throw new DomainError('INVALID', APP_MESSAGES.invalidCharacters, 'invalid-characters');
  }
}

/** True when the error (or one of its causes) is PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A row named by the input does not exist (a foreign key violation, 23503): the caller's unknown id. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** True for PostgreSQL's data exceptions (SQLSTATE class 22), e.g. a NUL byte in a text value. */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection it lost or could not get in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * True when the error (or a cause) says the database cannot be reached now: no connection (refused,
 * timed out), one cut (PostgreSQL shutting down or restarting: SQLSTATE 57P01–57P03, class 08). Such a
 * failure is the server's outage, answered 503 with a retry hint, not a fault in the request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 6 || seen.has(e)) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || /^(08...|57P0[123])$/.test(code)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) {
      return true;
    }
    // A refused connection to a name with several addresses is an AggregateError of each refusal.
    if (Array.isArray(errors) && errors.some((inner) => walk(inner, depth + 1))) return true;
    return walk(cause, depth + 1);
  };
  return walk(error, 0);
}
