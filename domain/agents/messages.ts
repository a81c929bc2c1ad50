/** User-facing copy of the agents area; the server throws it, screens show it, tests quote it. */
import { PRODUCT_DISPLAY_NAME } from '~/domain/shared/constants';

export const AGENT_MESSAGES = {
  notConfigured: 'Save a configuration before running this agent.',
  nothingInScope:
    'No products match this configuration in the catalogue copy. Check the catalogs or product IDs, or sync the catalogue.',
  runActive: 'This agent is already running in this environment. Cancel it, or wait for it to end.',
  unknownLanguages: (locales: readonly string[]) =>
    `The catalogue copy has no ${locales.join(', ')}: sync the catalogue, or pick another language.`,
  runNotFound: 'This run does not exist in this environment.',
  runEnded: 'This run has already ended.',
  jobsUnavailable: `Background jobs are not running on this server, so ${PRODUCT_DISPLAY_NAME} cannot run agents.`,
  noInstance:
    'This environment is not linked to a B2C Commerce instance yet. Finish onboarding, then sync its catalogue.',
  saved: 'Configuration saved.',
  /** The run's progress line. */
  progress: (ended: number, total: number) =>
    `${ended.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items`,
} as const;

export const AGENT_ERROR_REASONS = [
  'agent-not-configured',
  'agent-nothing-in-scope',
  'agent-run-active',
  'agent-run-not-found',
  'agent-config-invalid',
] as const;
export type AgentErrorReason = (typeof AGENT_ERROR_REASONS)[number];
