/**
 * `npm run secrets:rotate`: re-encrypts every stored secret under the newest key (BEACON_SECRET_KEY, or
 * the first of BEACON_SECRET_KEYS), reading each with any key of the ring. Run it after adding a new key
 * on every process; once it reports nothing unreadable, the old keys can be removed. Exits 1 when some
 * ciphertext no configured key reads.
 */
import path from 'node:path';
import { loadConfig } from '~/server/config';
import { createDatabase } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { openSecrets } from '~/server/process-start';
import { rotateSecrets } from '~/server/secret-rotation';

const config = loadConfig();
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  await migrateDatabase(database);
  const reports = await rotateSecrets(database.db, openSecrets(config));
  let unreadable = 0;
  for (const r of reports) {
    unreadable += r.unreadable;
    console.log(
      `${r.column}: ${r.rotated} re-encrypted, ${r.current} already under the newest key, ${r.unreadable} unreadable, ${r.changedMeanwhile} changed meanwhile`,
    );
  }
  if (unreadable > 0) {
    console.error(
      `${unreadable} stored secret(s) could not be read with any configured key: add the key they were made under to BEACON_SECRET_KEYS and run again.`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
