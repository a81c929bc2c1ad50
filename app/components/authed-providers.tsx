/** What a signed-in page needs around it: the data stack and the current user. Loaded only after sign-in. */
import type { ReactNode } from 'react';
import type { SessionUser } from '../../domain/entities';
import { ApiProvider, type Api } from '../lib/api';
import { AuthedPage } from '../lib/session';

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
