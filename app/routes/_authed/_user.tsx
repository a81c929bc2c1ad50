/** Narrows the context to a signed-in user; when signed out it stops every loader below (never rendered). */
import { createFileRoute, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/_user')({
  beforeLoad: ({ context }) => {
    if (!context.user || !context.api) throw new Error('Sign in to continue.');
    return { user: context.user, api: context.api };
  },
  component: Outlet,
});
