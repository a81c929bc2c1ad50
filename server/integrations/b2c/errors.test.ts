import { describe, expect, it } from 'vitest';
import { DomainError } from '~/domain/shared/errors';
import {
  B2CAuthError,
  type B2CCallContext,
  B2CHostNotAllowedError,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
  B2CUnavailableError,
  toDomainError,
} from './errors';

const call: B2CCallContext = { api: 'ocapi-data', method: 'GET', resource: '/catalogs' };

describe('toDomainError', () => {
  it.each([
    [new B2CNotFoundError('x', call), 'NOT_FOUND'],
    [new B2CPermissionError('x', call, 'ClientAccessForbiddenException', null), 'FORBIDDEN'],
    [new B2CRequestError('x', call, 400), 'INVALID'],
    [new B2CRequestError('x', call, 409, 'ResourceStateConflictException', 'x'), 'CONFLICT'],
    [new B2CUnavailableError('x', call, 429), 'UNAVAILABLE'],
    [new B2CHostNotAllowedError('https://example.com'), 'INVALID'],
    [new B2CAuthError('x', call), 'UNAVAILABLE'],
    [new B2CUnavailableError('x', call, 503), 'UNAVAILABLE'],
  ] as const)('maps %s to %s, keeping the cause', (error, kind) => {
    const mapped = toDomainError(error);
    expect(mapped).toBeInstanceOf(DomainError);
    expect(mapped).toMatchObject({
      kind,
      message: error.message,
      reason: error.name,
      cause: error,
    });
  });

  it('passes other errors through', () => {
    const other = new TypeError('boom');
    expect(toDomainError(other)).toBe(other);
  });
});
