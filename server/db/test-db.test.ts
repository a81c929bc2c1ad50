import { describe, expect, it } from 'vitest';
import { requireTestDatabaseUrlInCi, TEST_DRIVERS } from './test-db';

describe('test databases', () => {
  it('under CI, refuses to run without TEST_DATABASE_URL', () => {
    for (const CI of ['true', '1', 'TRUE']) {
      expect(() => requireTestDatabaseUrlInCi({ CI })).toThrow(
        'CI is set but TEST_DATABASE_URL is empty',
      );
      expect(() => requireTestDatabaseUrlInCi({ CI, TEST_DATABASE_URL: ' ' })).toThrow(
        'CI is set but TEST_DATABASE_URL is empty',
      );
      expect(() =>
        requireTestDatabaseUrlInCi({ CI, TEST_DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }),
      ).not.toThrow();
    }
    expect(() => requireTestDatabaseUrlInCi({})).not.toThrow();
    expect(() => requireTestDatabaseUrlInCi({ CI: 'false' })).not.toThrow();
  });

  it('runs the suites on PostgreSQL too when TEST_DATABASE_URL is set', () => {
    expect(TEST_DRIVERS).toEqual(
      process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
    );
  });
});
