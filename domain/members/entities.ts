/** An org's members and the invitations that add them. */
import type { MembershipRole } from '~/domain/orgs/entities';

export interface Member {
  userId: string;
  name: string | null;
  email: string;
  role: MembershipRole;
  isSuperUser: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}

/** An invitation as it is made: with its link's token, which is shown this once and never stored. */
export interface CreatedInvitation extends Invitation {
  token: string;
}
