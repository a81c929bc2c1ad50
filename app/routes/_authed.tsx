/** Signed-in area: waits for the session (loading state), shows the login screen when signed out. */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { Login } from '../components/login';
import { ApiProvider } from '../lib/api';
import { AuthedPage } from '../lib/session';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => {
    const api = context.loadApi();
    const session = await context.session.ready();
    // Signed out: nothing below loads (see _user), and this layout shows the login screen in place.
    return { user: session?.user ?? null, api: session ? await api : null };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { user, api } = Route.useRouteContext();
  if (!user || !api) return <Login />;
  return (
    <ApiProvider api={api}>
      <AuthedPage user={user}>
        <Outlet />
      </AuthedPage>
    </ApiProvider>
  );
}
