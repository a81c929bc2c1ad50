/** Signed-in area: waits for the session (loading state), shows the login screen when signed out. */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Login } from '~/app/components/login';
import { loadClassMerge } from '~/ui/lib/cn';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => {
    const session = await context.session.ready();
    // Signed out: nothing below loads (see _user), and this layout shows the login screen in place.
    // The data stack and its providers load only once someone is signed in, so a visitor's first
    // page stays small (docs/decisions/0002-lean-entry-chunk.md).
    if (!session) return { user: null, api: null, Providers: null };
    const [api, { AuthedProviders }] = await Promise.all([
      context.loadApi(),
      import('~/app/components/authed-providers'),
      loadClassMerge(),
    ]);
    return { user: session.user, api, Providers: AuthedProviders };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { user, api, Providers } = Route.useRouteContext();
  if (!user || !api || !Providers) return <Login />;
  return (
    <Providers api={api} user={user}>
      <Outlet />
    </Providers>
  );
}
