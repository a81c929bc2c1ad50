/**
 * /app/accept-invite/{token}: the invitation link. Signed out, the _authed layout shows the login
 * screen in place (callbackUrl = this path), so the visitor comes back here signed in.
 *
 * Accepting takes a click rather than happening on load: link scanners and prefetchers that open the
 * URL with the user's cookies cannot use the invitation up, and the user sees which account joins.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { signOut } from '~/app/lib/auth-actions';
import { useCurrentUser } from '~/app/lib/session';
import { type ErrorReason, errorReasonOf } from '~/domain/error-reasons';
import { useTRPC } from '~/app/lib/trpc';
import { acceptInviteInput } from '~/domain/members/inputs';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { MessageScreen } from '~/ui/patterns/message-screen';

export const Route = createFileRoute('/_authed/_user/accept-invite/$token')({
  component: AcceptInvite,
});

/** The invitation errors the server names (invitations.accept's reasons), each with its own screen. */
type Problem = Extract<
  ErrorReason,
  'invitation-unknown' | 'invitation-used' | 'invitation-expired' | 'invitation-other-email'
>;

const TITLES: Record<Problem, string> = {
  'invitation-unknown': 'Invitation not found',
  'invitation-used': 'Invitation already used',
  'invitation-expired': 'Invitation expired',
  'invitation-other-email': 'This invitation is for another email address',
};

/** A token of the wrong shape never reaches the server: it cannot be anyone's invitation. */
const MALFORMED_LINK =
  'This invitation link is not valid. Check that you opened the whole link, or ask for a new invitation.';

function problemOf(error: unknown): Problem | null {
  const reason = errorReasonOf(error);
  return reason !== null && Object.hasOwn(TITLES, reason) ? (reason as Problem) : null;
}

function AcceptInvite() {
  const { token } = Route.useParams();
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: async ({ org }) => {
        await queryClient.invalidateQueries(trpc.orgs.pathFilter());
        // /app/{orgSlug} goes on to the org's best env. Replace: Back does not return to a used link.
        await navigate({ to: '/$orgSlug', params: { orgSlug: org.slug }, replace: true });
      },
    }),
  );

  if (!acceptInviteInput.safeParse({ token }).success) {
    return <InvitationProblem problem="invitation-unknown" message={MALFORMED_LINK} />;
  }
  const problem = problemOf(accept.error);
  if (problem && accept.error) {
    return (
      <InvitationProblem
        problem={problem}
        message={
          problem === 'invitation-other-email'
            ? `You are signed in as ${user.email}. ${accept.error.message}`
            : accept.error.message
        }
      />
    );
  }
  return (
    <MessageScreen
      title="Join your team on Beacon"
      description={`You were invited to an org on Beacon. Accepting adds ${user.email} as a member.`}
      action={
        <>
          <Button
            loading={accept.isPending || accept.isSuccess}
            onClick={() => accept.mutate({ token })}
          >
            Accept invitation
          </Button>
          <SignOutButton variant="ghost">Not you? Sign Out</SignOutButton>
        </>
      }
    >
      {accept.error ? (
        <Callout
          variant="error"
          title="The invitation could not be accepted. Try again in a moment."
          description={accept.error.message}
        />
      ) : null}
    </MessageScreen>
  );
}

function InvitationProblem({ problem, message }: { problem: Problem; message: string }) {
  const myOrgs = (
    <Button asChild variant={problem === 'invitation-other-email' ? 'outline' : 'primary'}>
      <Link to="/">Go to my orgs</Link>
    </Button>
  );
  let action: ReactNode = myOrgs;
  // Signing out comes back to this link, to sign in with the invited address.
  if (problem === 'invitation-other-email')
    action = (
      <>
        <SignOutButton variant="primary">Sign Out</SignOutButton>
        {myOrgs}
      </>
    );
  return <MessageScreen title={TITLES[problem]} description={message} action={action} />;
}

function SignOutButton({
  variant,
  children,
}: {
  variant: 'primary' | 'ghost';
  children: ReactNode;
}) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Button
      variant={variant}
      loading={signingOut}
      onClick={() => {
        setSigningOut(true);
        signOut(`${window.location.pathname}${window.location.search}`).catch(() =>
          setSigningOut(false),
        );
      }}
    >
      {children}
    </Button>
  );
}
