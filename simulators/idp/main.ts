/**
 * The development IdP on its own (`node --import tsx simulators/idp/main.ts`): offers the seeded demo
 * users (domain/dev/seed-users.ts, the people the server's seed writes). The server starts its own
 * copy, so this is for working on the IdP or pointing another process at it. Port: DEV_IDP_PORT
 * (default 3001).
 */
import { SEED_USERS } from '~/domain/dev/seed-users';
import { startDevIdp } from './dev-idp';

const port = Number(process.env.DEV_IDP_PORT ?? 3001);
const idp = await startDevIdp({
  port,
  listUsers: async () => Object.values(SEED_USERS).map((u) => ({ ...u })),
});
process.stdout.write(`Development identity provider at ${idp.issuer}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void idp.close().then(() => process.exit(0));
  });
}
