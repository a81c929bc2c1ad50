/** The B2C Commerce simulator's public surface for tests, stories and `npm start`. */
export {
  createB2CSimulator,
  DEFAULT_SIM_INSTANCES,
  SIM_ADMIN_CLIENT,
  type B2CSimulator,
  type B2CSimulatorOptions,
  type FaultRule,
  type SimInstance,
} from './simulator';
export { businessManagerUrl, pasteInBusinessManager } from './business-manager';
export { SIM_LOCALES, SIM_MASTER_CATALOG_ID, SIM_SITE_ID, SIM_STOREFRONT_CATALOG_ID } from './data';
