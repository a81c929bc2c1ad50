/** `npm run db:seed`: migrates the configured database and writes the demo data when it has no users. */
import path from 'node:path';
import { loadConfig } from '~/server/config';
import { createDatabase } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { openSecrets } from '~/server/process-start';
import { seed } from '~/server/seed';

const config = loadConfig();
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  await migrateDatabase(database);
  const { seeded } = await seed(database.db, { secrets: openSecrets(config) });
  console.log(seeded ? 'Seeded the demo data.' : 'The database already has users; nothing seeded.');
} finally {
  await database.close();
}
