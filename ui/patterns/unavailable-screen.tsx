import { APP_MESSAGES } from '~/domain/shared/messages';
import { Button } from '~/ui/components/button';
import { MessageScreen } from './message-screen';

/**
 * Beacon's server answered that it cannot reach its database (docs/product.md#shell-and-sign-in):
 * says so, with Retry. Never the sign-in screen: the visitor may well be signed in.
 */
export function UnavailableScreen({
  onRetry,
  retrying = false,
}: {
  onRetry: () => void;
  /** A retry is under way: the button shows it is busy and keeps its focus. */
  retrying?: boolean;
}) {
  return (
    <MessageScreen
      title={APP_MESSAGES.unavailable}
      description={APP_MESSAGES.databaseUnavailable}
      action={
        <Button onClick={onRetry} loading={retrying}>
          {APP_MESSAGES.retry}
        </Button>
      }
    />
  );
}
