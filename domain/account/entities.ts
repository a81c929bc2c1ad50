/** A person's own account as the account settings show it (docs/product.md#settings). */
import type { MembershipRole, Org } from '~/domain/orgs/entities';

/** A way the person signs in: an Auth.js account's provider, as people call it. */
export interface SignInMethod {
  /** Auth.js's provider id (`salesforce`, `google`). */
  provider: string;
  /** "Salesforce", "Google". */
  label: string;
}

/** An org the person belongs to, with their role and whether they are its only owner. */
export interface AccountOrg extends Org {
  role: MembershipRole;
  /** They are its only owner: they cannot leave it, nor delete their account, until that changes. */
  lastOwner: boolean;
}

export interface Account {
  name: string | null;
  email: string;
  signInMethods: SignInMethod[];
  orgs: AccountOrg[];
}
