import { createFileRoute } from '@tanstack/react-router';
import { MessageScreen } from '../../../../../ui/patterns/message-screen';

export const Route = createFileRoute('/_authed/_user/$orgSlug/create-env')({
  component: CreateEnv,
});

function CreateEnv() {
  return (
    <MessageScreen
      title="Create an environment"
      description="Creating environments arrives with the settings screens."
    />
  );
}
