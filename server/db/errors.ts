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

/** True for PostgreSQL's data exceptions (SQLSTATE class 22), e.g. a NUL byte in a text value. */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
