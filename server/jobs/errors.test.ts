import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError } from '~/domain/ai/errors';
import { DomainError } from '~/domain/shared/errors';
import { isTransient, PermanentError, TransientError } from './errors';

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('which job failures are retried', () => {
  it('retries rate limits, server faults, timeouts and network drops', () => {
    for (const status of [408, 429, 500, 502, 503, 529])
      expect(isTransient(httpError(status))).toBe(true);
    expect(isTransient(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))).toBe(
      true,
    );
    expect(isTransient(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransient(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(isTransient(new TransientError('try later'))).toBe(true);
    expect(isTransient(new Error('wrapped', { cause: httpError(503) }))).toBe(true);
  });

  it('fails at once on refused credentials, bad input and broken rules', () => {
    for (const status of [400, 401, 403, 404, 422])
      expect(isTransient(httpError(status))).toBe(false);
    expect(isTransient(z.object({ a: z.string() }).safeParse({}).error)).toBe(false);
    expect(isTransient(new DomainError('INVALID', 'No.'))).toBe(false);
    expect(isTransient(new Error('a bug'))).toBe(false);
    expect(isTransient(new PermanentError('no', { cause: httpError(503) }))).toBe(false);
  });

  it("follows the AI service's verdict: a busy model is retried, a broken answer or a refused key is not", () => {
    const provider = 'anthropic' as const;
    for (const reason of [
      'rate_limited',
      'overloaded',
      'server_error',
      'timeout',
      'unreachable',
    ] as const)
      expect(isTransient(new AiError(reason, { provider }))).toBe(true);
    for (const reason of ['malformed_output', 'schema_mismatch', 'auth'] as const)
      expect(isTransient(new AiError(reason, { provider, cause: httpError(503) }))).toBe(false);
  });

  it("follows an SDK's own verdict when the error carries one", () => {
    expect(isTransient(Object.assign(new Error('x'), { status: 400, isRetryable: true }))).toBe(
      true,
    );
    expect(isTransient(Object.assign(new Error('x'), { status: 500, isRetryable: false }))).toBe(
      false,
    );
  });
});
