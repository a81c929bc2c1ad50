/** The B2C Commerce simulator's public surface for tests, stories and `npm start`. */
export {
  createB2CSimulator,
  DEFAULT_SIM_INSTANCES,
  SIM_ADMIN_CLIENT,
  simulatorGatewayConfig,
  type B2CSimulator,
  type B2CSimulatorOptions,
  type FaultRule,
  type SimApiClient,
  type SimInstance,
} from './simulator';
export {
  demoAccountManager,
  SIM_AM_ORG_ID,
  SIM_AM_OTHER_ORG_ID,
  type AccountManagerData,
  type AmOrganization,
  type AmUser,
} from './account-manager-data';
export { businessManagerUrl, pasteInBusinessManager } from './business-manager';
export { SIM_LOCALES, SIM_MASTER_CATALOG_ID, SIM_SITE_ID, SIM_STOREFRONT_CATALOG_ID } from './data';
