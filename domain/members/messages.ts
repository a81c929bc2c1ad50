/** User-facing copy of members and invitations; tests quote it. */
export const MEMBER_MESSAGES = {
  memberNotFound: 'This person is not a member of the org.',
  lastMember: 'An org needs at least one member; the last member cannot be removed.',
  /** Leaving, refused to an org's last owner (the users and account settings, server/members). */
  lastOwnerLeaves:
    "You are this org's last owner, so you cannot leave it. Make another member an owner, or delete the org.",
  lastOwnerRemoved:
    "This is the org's last owner, who cannot be removed. Make another member an owner first.",
  ownersRemoveMembers: "Only the org's owners can remove other members.",
  alreadyMember: (email: string) => `${email} is already a member of this org.`,
  invitationNotFound: 'This invitation does not exist.',
  invitationUnknown: 'This invitation link is not valid. Ask for a new invitation.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired. Ask for a new invitation.',
  invitationOtherEmail:
    'This invitation was sent to a different email address. Sign in with the invited address.',
} as const;

export const MEMBER_ERROR_REASONS = [
  'member-not-found',
  'owners-only',
  'last-member',
  'last-owner',
  'already-member',
  'invitation-not-found',
  'invitation-unknown',
  'invitation-used',
  'invitation-expired',
  'invitation-other-email',
] as const;
export type MemberErrorReason = (typeof MEMBER_ERROR_REASONS)[number];
