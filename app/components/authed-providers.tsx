/** What a signed-in page needs around it: the data stack and the current user. Loaded only after sign-in. */
import type { ReactNode } from 'react';
import { type Api, ApiProvider } from '~/app/lib/api';
import { AuthedPage } from '~/app/lib/session';
import type { SessionUser } from '~/domain/shared/session';

export function AuthedProviders({
  api,
  user,
  children,
}: {
  api: Api;
  user: SessionUser;
  children: ReactNode;
}) {
  return (
    <ApiProvider api={api}>
      <AuthedPage user={user}>{children}</AuthedPage>
    </ApiProvider>
  );
}
