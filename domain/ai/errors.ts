/** Why an AI call failed, whether trying again later can help, and what to tell a person. */
import { AI_PROVIDER_NAMES, type AiEngine } from './models';

export const AI_ERROR_REASONS = [
  'rate_limited',
  'overloaded',
  'server_error',
  'timeout',
  'unreachable',
  'malformed_output',
  'schema_mismatch',
  'auth',
] as const;
export type AiErrorReason = (typeof AI_ERROR_REASONS)[number];

/** Transient causes are retried with backoff; the others need a person (a key, a prompt, a schema). */
export const AI_ERROR_RETRYABLE: Record<AiErrorReason, boolean> = {
  rate_limited: true,
  overloaded: true,
  server_error: true,
  timeout: true,
  unreachable: true,
  malformed_output: false,
  schema_mismatch: false,
  auth: false,
};

/**
 * What a procedure that calls a model directly answers with (the server maps it in one place, beside
 * the domain errors): transient failures are the provider's unavailability, a broken answer a bad
 * gateway; none of them is the person's mistake.
 */
export const AI_ERROR_CODES = {
  rate_limited: 'TOO_MANY_REQUESTS',
  overloaded: 'SERVICE_UNAVAILABLE',
  server_error: 'SERVICE_UNAVAILABLE',
  timeout: 'GATEWAY_TIMEOUT',
  unreachable: 'SERVICE_UNAVAILABLE',
  malformed_output: 'BAD_GATEWAY',
  schema_mismatch: 'BAD_GATEWAY',
  auth: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<AiErrorReason, string>;

export interface AiErrorDetails {
  provider: AiEngine;
  /** Seconds the provider asked us to wait (retry-after), when it said. */
  retryAfterSeconds?: number;
}

export function aiErrorMessage(reason: AiErrorReason, details: AiErrorDetails): string {
  const name = AI_PROVIDER_NAMES[details.provider];
  switch (reason) {
    case 'rate_limited':
      return details.retryAfterSeconds !== undefined
        ? `${name} is limiting how often Beacon may ask. Beacon will try again in ${details.retryAfterSeconds} s.`
        : `${name} is limiting how often Beacon may ask. Beacon will try again shortly.`;
    case 'overloaded':
      return `${name} is overloaded right now. Beacon will try again shortly.`;
    case 'server_error':
      return `${name} had an internal error. Beacon will try again shortly.`;
    case 'timeout':
      return `${name} did not answer in time. Beacon will try again shortly.`;
    case 'unreachable':
      return `Beacon could not reach ${name}. Beacon will try again shortly.`;
    case 'malformed_output':
      return `${name} sent an answer Beacon could not read, twice. Nothing was saved from it.`;
    case 'schema_mismatch':
      return `${name}'s answer did not have the expected fields, twice. Nothing was saved from it.`;
    case 'auth':
      return `${name} refused Beacon's API key. Ask an administrator to check the server's ${name} key.`;
  }
}

/** A failed AI call, typed: jobs retry it when `retryable`, screens show `message`. */
export class AiError extends Error {
  override readonly name = 'AiError';
  readonly retryable: boolean;
  readonly provider: AiEngine;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly reason: AiErrorReason,
    details: AiErrorDetails & { status?: number; cause?: unknown },
  ) {
    super(aiErrorMessage(reason, details), { cause: details.cause });
    this.retryable = AI_ERROR_RETRYABLE[reason];
    this.provider = details.provider;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.status = details.status;
  }
  /** The HTTP status the provider answered, when there was one. */
  readonly status: number | undefined;
}
