/**
 * The onboarding rules around Beacon's API client that the screen applies: whether Beacon creates the
 * client or the person pastes one someone created in Account Manager, and the time left while a new
 * client is not active yet.
 */
import type { ErrorReason } from '~/domain/error-reasons';
import type { ApiClientSetup } from './entities';
import { INSTANCE_MESSAGES } from './messages';

/** Why the step takes a pasted client: the person lacks the role, has no live sign-in, or chose to. */
export type ApiClientPasteReason = 'no-role' | 'sign-in-needed' | 'chosen';

/** The error reasons of `b2cAPIClients.getOrCreate` that mean "paste one instead". */
const PASTE_REASON_OF_REFUSAL: Readonly<Partial<Record<ErrorReason, ApiClientPasteReason>>> = {
  'api-client-no-role': 'no-role',
  'account-manager-sign-in-needed': 'sign-in-needed',
};

/**
 * Which way the step goes. Account Manager's own refusal of a create (its reason) wins over what the
 * token's roles suggested (`setup`, null while unknown or unreadable); then the person's choice.
 */
export function apiClientStepMode(input: {
  setup: ApiClientSetup['create'] | null;
  createRefusal: ErrorReason | null;
  pasteChosen: boolean;
}): 'create' | ApiClientPasteReason {
  const refused = input.createRefusal ? PASTE_REASON_OF_REFUSAL[input.createRefusal] : undefined;
  if (refused) return refused;
  if (input.setup === 'no-role' || input.setup === 'sign-in-needed') return input.setup;
  return input.pasteChosen ? 'chosen' : 'create';
}

/**
 * The time left of a new client's activation window (`until`, epoch ms) at `now`: minutes, rounded,
 * from a minute on; whole seconds, rounded up, below; the last try once it has passed.
 */
export function activationTimeLeft(until: number, now: number): string {
  const ms = until - now;
  if (ms <= 0) return INSTANCE_MESSAGES.apiClientActivationLastTry;
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return INSTANCE_MESSAGES.apiClientActivationSecondsLeft(seconds);
  return INSTANCE_MESSAGES.apiClientActivationMinutesLeft(Math.max(1, Math.round(ms / 60_000)));
}
