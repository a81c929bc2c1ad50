import { createFileRoute } from '@tanstack/react-router';
import { MessageScreen } from '../../../../ui/patterns/message-screen';

export const Route = createFileRoute('/_authed/_user/accept-invite/$token')({
  component: AcceptInvite,
});

function AcceptInvite() {
  return (
    <MessageScreen
      title="Accept an invitation"
      description="Accepting invitations arrives with the settings screens."
    />
  );
}
