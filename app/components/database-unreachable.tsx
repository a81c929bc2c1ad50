/**
 * The outage screen (`shell.database-unreachable`) wired to a retry: Retry asks again, and the router
 * loads the screen that was asked for once the database is back; until then the screen stays.
 */
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { UnavailableScreen } from '~/ui/patterns/unavailable-screen';

export function DatabaseUnreachable({
  askAgain,
}: {
  /** What to ask again before the router reloads (the session); by default only the router's loads. */
  askAgain?: () => Promise<unknown>;
}) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void (askAgain?.() ?? Promise.resolve())
      .then(() => router.invalidate())
      .finally(() => setRetrying(false));
  };
  return <UnavailableScreen onRetry={retry} retrying={retrying} />;
}
