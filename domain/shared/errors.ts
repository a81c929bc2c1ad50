/** Domain errors: what a service throws, the kinds the server maps to tRPC codes in one place, and their reasons. */
import type { ErrorReason } from '~/domain/error-reasons';

export type { ErrorReason };

/** The name of the error an aborted request rejects with (fetch's DOMException, tRPC's polyfill). */
export const ABORT_ERROR_NAME = 'AbortError';

/** Domain error kinds; the server maps each to one tRPC code in one place. */
export const DOMAIN_ERROR_CODES = {
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  INVALID: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** Too many calls in a window (docs/security.md, rule 6): wait, then try again. */
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  /** The org's AI budget for the month is spent: no waiting helps until the month ends or it is raised. */
  OVER_BUDGET: 'PAYMENT_REQUIRED',
} as const;
export type DomainErrorKind = keyof typeof DOMAIN_ERROR_CODES;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Machine-readable: the client keys field errors and screens on it (data.reason on the wire). */
    readonly reason?: ErrorReason,
    /**
     * Messages by input field, for what only the server can check (a catalog the instance does not
     * have): sent as the input's validation errors are, so a form shows each beside its field.
     */
    readonly fieldErrors?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** Reasons every area may use. */
export const SHARED_ERROR_REASONS = [
  'invalid-characters',
  'database-unavailable',
  // A per-user or per-org call limit (domain/shared/rate-limits.ts).
  'rate-limited',
] as const;
export type SharedErrorReason = (typeof SHARED_ERROR_REASONS)[number];
