import { createFileRoute } from '@tanstack/react-router';
import { MessageScreen } from '../../../../ui/patterns/message-screen';
import { useCurrentUser } from '../../../lib/session';

export const Route = createFileRoute('/_authed/_user/create-org')({
  component: CreateOrg,
});

function CreateOrg() {
  const user = useCurrentUser();
  return (
    <MessageScreen
      title="Create an org"
      description={
        user.isSuperUser
          ? 'Creating orgs arrives with the settings screens.'
          : `${user.email} is not a member of any org yet. Ask your team to invite you, or book a demo and we will set your org up.`
      }
    />
  );
}
