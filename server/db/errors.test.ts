import { expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';

const withCode = (code: string, message = '') => Object.assign(new Error(message), { code });

it('tells an unreachable database from a failing query', () => {
  // A refused connection to "localhost" (both addresses), as node-postgres rejects it.
  const refused = Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {
    code: 'ECONNREFUSED',
  });
  expect(isDatabaseUnavailable(refused)).toBe(true);
  // Drizzle wraps the driver's error: PostgreSQL shutting down (admin_shutdown).
  expect(
    isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('57P01') })),
  ).toBe(true);
  expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  // The request's own fault, not an outage.
  const duplicate = new Error('Failed query', { cause: withCode('23505') });
  expect(isUniqueViolation(duplicate)).toBe(true);
  expect(isDatabaseUnavailable(duplicate)).toBe(false);
  expect(isDatabaseUnavailable(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
