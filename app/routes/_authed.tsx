/** Signed-in area: waits for the session (loading state), shows the login screen when signed out, the outage screen when the server cannot reach its database. */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DatabaseUnreachable } from '~/app/components/database-unreachable';
import { Login } from '~/app/components/login';
import { loadClassMerge } from '~/ui/lib/cn';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => {
    const state = await context.session.ready();
    // Signed out: nothing below loads (see _user), and this layout shows the login screen in place.
    // The data stack and its providers load only once someone is signed in, so a visitor's first
    // page stays small (docs/decisions/0002-lean-entry-chunk.md). The server unable to tell (its
    // database is out of reach) is not "signed out": the outage screen shows instead, with Retry.
    if (state.status !== 'signed-in') {
      return {
        user: null,
        api: null,
        Providers: null,
        unavailable: state.status === 'unavailable',
      };
    }
    const [api, { AuthedProviders }] = await Promise.all([
      context.loadApi(),
      import('~/app/components/authed-providers'),
      loadClassMerge(),
    ]);
    return { user: state.session.user, api, Providers: AuthedProviders, unavailable: false };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { user, api, Providers, unavailable, session } = Route.useRouteContext();
  if (unavailable) return <DatabaseUnreachable askAgain={() => session.retry()} />;
  if (!user || !api || !Providers) return <Login />;
  return (
    <Providers api={api} user={user}>
      <Outlet />
    </Providers>
  );
}
