import { createFileRoute } from '@tanstack/react-router';
import { MessageScreen } from '../../../../../ui/patterns/message-screen';

export const Route = createFileRoute('/_authed/_user/sp/status')({
  component: Status,
});

function Status() {
  return (
    <MessageScreen
      title="System status"
      description="The status page lands with the server's health checks."
    />
  );
}
