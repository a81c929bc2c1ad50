/** Every reason a domain error can carry, composed from the areas: one line per area. */
import type { InstanceErrorReason } from './instances/messages';
import type { MemberErrorReason } from './members/messages';
import type { OrgErrorReason } from './orgs/messages';
import type { PromptErrorReason } from './prompts/messages';
import type { SharedErrorReason } from './shared/errors';

export type ErrorReason =
  SharedErrorReason | OrgErrorReason | MemberErrorReason | InstanceErrorReason | PromptErrorReason;
