/** Dropping a throw-away database (a test's or a bench's) on a PostgreSQL where the role is not a superuser. */
import type pg from 'pg';

/**
 * DROP … WITH (FORCE) ends the database's connections, but refuses when one of them is an autovacuum
 * worker (a superuser's process the test role may not end). Then the role's own connections are ended,
 * and a plain DROP signals the autovacuum worker to exit and waits for it, as PostgreSQL does.
 */
export async function dropForced(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  }
}
