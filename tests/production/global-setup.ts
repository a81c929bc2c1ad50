import { startProductionStack } from './stack';

/** Starts the stack for the run; Playwright calls what it returns at the end. */
export default async function globalSetup() {
  const stack = await startProductionStack({
    port: Number(process.env.BEACON_PRODUCTION_PORT),
    frontPort: Number(process.env.BEACON_PRODUCTION_FRONT_PORT),
  });
  // The spec reads which hosts were called (the worker inherits the runner's environment).
  process.env.BEACON_PRODUCTION_FRONT_LOG = stack.frontLog;
  return () => stack.stop();
}
