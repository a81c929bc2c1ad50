/** Signed-in area: waits for the session (loading state), shows the login screen when signed out, the outage screen when the server cannot reach its database. */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { Login } from '~/app/components/login';
import { loadClassMerge } from '~/ui/lib/cn';

/** The outage screen's type, written here: its own reaches back to the router's (a cycle through this context). */
type Unreachable = ComponentType<{ askAgain: () => Promise<unknown> }>;

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => {
    const state = await context.session.ready();
    // Signed out: nothing below loads (see _user), and this layout shows the login screen in place.
    // The data stack and its providers load only once someone is signed in, so a visitor's first
    // page stays small (docs/decisions/0002-lean-entry-chunk.md). The server unable to tell (its
    // database is out of reach) is not "signed out": the outage screen shows instead, with Retry
    // (loaded only then, for the same reason).
    if (state.status !== 'signed-in') {
      const Unreachable: Unreachable | null =
        state.status === 'unavailable'
          ? (await import('~/app/components/database-unreachable')).DatabaseUnreachable
          : null;
      return { user: null, api: null, Providers: null, Unreachable };
    }
    const [api, { AuthedProviders }] = await Promise.all([
      context.loadApi(),
      import('~/app/components/authed-providers'),
      loadClassMerge(),
    ]);
    return {
      user: state.session.user,
      api,
      Providers: AuthedProviders,
      Unreachable: null as Unreachable | null,
    };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { user, api, Providers, Unreachable, session } = Route.useRouteContext();
  if (Unreachable) return <Unreachable askAgain={() => session.retry()} />;
  if (!user || !api || !Providers) return <Login />;
  return (
    <Providers api={api} user={user}>
      <Outlet />
    </Providers>
  );
}
