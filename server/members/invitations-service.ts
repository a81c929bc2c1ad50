/**
 * Invitations: a one-use token for one email address, valid for 7 days; accepting adds a membership.
 * Only the token's SHA-256 is stored: the link is shown once, to whoever made the invitation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CreatedInvitation, Invitation } from '~/domain/members/entities';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import type { Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db } from '~/server/db/client';
import { invitations, memberships, users } from '~/server/db/schema';
import type { CachedAccessService } from '~/server/orgs/access';
import { findOrg, requireOrg } from '~/server/orgs/rows';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What is stored of a token, and what an accept looks it up by (hex SHA-256 of its text). */
export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  createdAt: invitations.createdAt,
};

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface InvitationsService {
  /** The new invitation with its token: the only time the token is known. */
  create(user: SessionUser, orgId: string, email: string): Promise<CreatedInvitation>;
  list(orgId: string): Promise<Invitation[]>;
  revoke(orgId: string, invitationId: string): Promise<void>;
  accept(user: SessionUser, token: string): Promise<{ org: Org }>;
}

export function createInvitationsService(
  db: Db,
  access: CachedAccessService,
  now: () => Date = () => new Date(),
): InvitationsService {
  return {
    async create(user, orgId, email): Promise<CreatedInvitation> {
      await requireOrg(db, orgId);
      const normalized = normalizeEmail(email);
      const [existing] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(and(eq(memberships.orgId, orgId), eq(users.email, normalized)));
      if (existing) {
        throw new DomainError(
          'CONFLICT',
          MEMBER_MESSAGES.alreadyMember(normalized),
          'already-member',
        );
      }
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(invitations)
        .values({
          orgId,
          email: normalized,
          tokenHash: hashInvitationToken(token),
          expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
          invitedBy: user.id,
          createdAt: now(),
        })
        .returning(invitationColumns);
      if (!row) throw new Error('Insert returned no row.');
      return { ...row, token };
    },

    async list(orgId) {
      await requireOrg(db, orgId);
      return db
        .select(invitationColumns)
        .from(invitations)
        .where(eq(invitations.orgId, orgId))
        .orderBy(desc(invitations.createdAt));
    },

    async revoke(orgId, invitationId) {
      // Only a pending invitation can be revoked; an accepted one is the record of a membership.
      const deleted = await db
        .delete(invitations)
        .where(
          and(
            eq(invitations.orgId, orgId),
            eq(invitations.id, invitationId),
            isNull(invitations.acceptedAt),
          ),
        )
        .returning({ id: invitations.id });
      if (deleted.length === 0) {
        throw new DomainError(
          'NOT_FOUND',
          MEMBER_MESSAGES.invitationNotFound,
          'invitation-not-found',
        );
      }
    },

    async accept(user, token) {
      const [invitation] = await db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, hashInvitationToken(token)));
      if (!invitation) {
        throw new DomainError('NOT_FOUND', MEMBER_MESSAGES.invitationUnknown, 'invitation-unknown');
      }
      if (invitation.acceptedAt) {
        throw new DomainError('CONFLICT', MEMBER_MESSAGES.invitationUsed, 'invitation-used');
      }
      if (invitation.expiresAt.getTime() <= now().getTime()) {
        throw new DomainError('INVALID', MEMBER_MESSAGES.invitationExpired, 'invitation-expired');
      }
      if (normalizeEmail(user.email) !== invitation.email) {
        throw new DomainError(
          'FORBIDDEN',
          MEMBER_MESSAGES.invitationOtherEmail,
          'invitation-other-email',
        );
      }
      await db.transaction(async (tx) => {
        // Conditional update: of two concurrent accepts, only one finds the token unused.
        const claimed = await tx
          .update(invitations)
          .set({ acceptedAt: now() })
          .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
          .returning({ id: invitations.id });
        if (claimed.length === 0) {
          throw new DomainError('CONFLICT', MEMBER_MESSAGES.invitationUsed, 'invitation-used');
        }
        await tx
          .insert(memberships)
          .values({ userId: user.id, orgId: invitation.orgId, role: 'member' })
          .onConflictDoNothing();
      });
      access.invalidate({ userId: user.id, orgId: invitation.orgId });
      const org = await findOrg(db, invitation.orgId);
      if (!org) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
      return { org };
    },
  };
}
