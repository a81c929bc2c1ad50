/**
 * Runs the B2C Commerce simulator on its own: `npx tsx simulators/b2c/main.ts`. Point the server
 * at it with B2C_SIMULATOR_URL (printed on start). B2C_SIMULATOR_PORT picks the port (default 4010),
 * B2C_SIMULATOR_SEED the data seed, B2C_SIMULATOR_PRODUCTS the least number of products per instance
 * (about 2,400 by default), B2C_SIMULATOR_STATE the state file (.data/b2c-simulator.json),
 * B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS how long a new API client's credentials keep failing (0).
 */
import { createB2CSimulator } from './simulator';

const port = Number(process.env.B2C_SIMULATOR_PORT ?? 4010);
const seed = process.env.B2C_SIMULATOR_SEED ? Number(process.env.B2C_SIMULATOR_SEED) : undefined;
const products = process.env.B2C_SIMULATOR_PRODUCTS
  ? Number(process.env.B2C_SIMULATOR_PRODUCTS)
  : undefined;
if (products !== undefined && !(Number.isInteger(products) && products > 0)) {
  throw new Error(
    `B2C_SIMULATOR_PRODUCTS must be a whole number of products, got '${process.env.B2C_SIMULATOR_PRODUCTS}'`,
  );
}
const activationDelaySeconds = Number(process.env.B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS ?? 0);
if (!(Number.isFinite(activationDelaySeconds) && activationDelaySeconds >= 0)) {
  throw new Error(
    `B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS must be a number of seconds, got '${process.env.B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS}'`,
  );
}
// API clients and pasted settings survive restarts, like the server's database in .data/.
const statePath = process.env.B2C_SIMULATOR_STATE ?? '.data/b2c-simulator.json';
const sim = await createB2CSimulator({
  port,
  seed,
  products,
  statePath,
  activationDelaySeconds,
});

const lines = [
  `B2C Commerce simulator at ${sim.url}  (B2C_SIMULATOR_URL=${sim.url})`,
  `  Account Manager: ${sim.accountManagerUrl}`,
  `  Sandbox API: ${sim.sandboxApiUrl}/api/v1`,
  ...sim.instances.map(
    (i) =>
      `  ${i.instanceId} (${i.tenantType}) ${i.hostname}: Business Manager ${sim.businessManagerUrl(i.hostname, 'ocapi-data')}`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);

const shutdown = () => {
  void sim.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
