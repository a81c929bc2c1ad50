/** B2C failures typed by cause, so verification can tell a person what to fix and the rest can throw. */
import type { InstanceErrorReason } from '~/domain/instances/messages';
import { DomainError, type DomainErrorKind } from '~/domain/shared/errors';

export type B2CApi = 'account-manager' | 'sandbox-api' | 'ocapi-data' | 'ocapi-shop' | 'webdav';

export interface B2CCallContext {
  api: B2CApi;
  /** HTTP method, upper case. */
  method: string;
  /** The resource relative to its API root, e.g. "/catalogs" or "/impex/probe.txt". */
  resource: string;
}

export abstract class B2CError extends Error {
  constructor(
    message: string,
    readonly call: B2CCallContext,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** 401: the client id or secret (or the token obtained with them) was rejected. */
export class B2CAuthError extends B2CError {
  override readonly name = 'B2CAuthError';
}

/**
 * 403: the call is not granted by the instance's OCAPI settings or WebDAV permissions, or the
 * Account Manager principal lacks the role (or, for API clients, a person's sign-in).
 */
export class B2CPermissionError extends B2CError {
  override readonly name = 'B2CPermissionError';
  constructor(
    message: string,
    call: B2CCallContext,
    /** OCAPI fault type, e.g. "ClientAccessForbiddenException", when the body carried one. */
    readonly faultType: string | null,
    readonly faultMessage: string | null,
  ) {
    super(message, call);
  }
}

export class B2CNotFoundError extends B2CError {
  override readonly name = 'B2CNotFoundError';
}

/**
 * Any other 4xx: a request the service refused as malformed or conflicting, e.g. a 409
 * "ResourceStateConflictException" when a write's `_resource_state` is no longer the resource's.
 */
export class B2CRequestError extends B2CError {
  override readonly name = 'B2CRequestError';
  constructor(
    message: string,
    call: B2CCallContext,
    readonly status: number,
    /** OCAPI fault type, e.g. "ResourceStateConflictException", when the body carried one. */
    readonly faultType: string | null = null,
    readonly faultMessage: string | null = null,
  ) {
    super(message, call);
  }
}

/**
 * Network failure, timeout or 5xx after retries; a 429 (rate limited) on a call that is not
 * repeated; also any answer the client cannot use. Another try later may succeed.
 */
export class B2CUnavailableError extends B2CError {
  override readonly name = 'B2CUnavailableError';
  /** Seconds the service asked to wait (its `Retry-After`), when it said. */
  readonly retryAfterSeconds: number | null;
  constructor(
    message: string,
    call: B2CCallContext,
    readonly status: number | null,
    options?: { cause?: unknown; retryAfterSeconds?: number | null },
  ) {
    super(message, call, options);
    this.retryAfterSeconds = options?.retryAfterSeconds ?? null;
  }
}

/** The request was refused before leaving: its host is not on the allowlist (SSRF guard). */
export class B2CHostNotAllowedError extends Error {
  override readonly name = 'B2CHostNotAllowedError';
  constructor(readonly url: string) {
    super(`Refused to call ${url}: host is not an allowed Salesforce Commerce host`);
  }
}

const KIND_BY_ERROR: [abstract new (...args: never[]) => Error, DomainErrorKind][] = [
  [B2CNotFoundError, 'NOT_FOUND'],
  [B2CPermissionError, 'FORBIDDEN'],
  [B2CRequestError, 'INVALID'],
  [B2CHostNotAllowedError, 'INVALID'],
  // Beacon's own credentials being refused is a server fault, not the caller's.
  [B2CAuthError, 'UNAVAILABLE'],
  [B2CUnavailableError, 'UNAVAILABLE'],
];

/**
 * For services that let a B2C failure reach the caller: the DomainError the tRPC error mapping
 * understands, keeping the B2C error as its cause. Anything else passes through unchanged.
 */
export function toDomainError(error: unknown): unknown {
  // A 409 says the resource changed since it was read: the caller's conflict, not a bad request.
  const conflict = error instanceof B2CRequestError && error.status === 409;
  const kind = conflict ? 'CONFLICT' : KIND_BY_ERROR.find(([type]) => error instanceof type)?.[1];
  if (!kind || !(error instanceof Error)) return error;
  // The B2C error's class name is the reason (listed in INSTANCE_ERROR_REASONS).
  const domainError = new DomainError(kind, error.message, error.name as InstanceErrorReason);
  return Object.assign(domainError, { cause: error });
}
