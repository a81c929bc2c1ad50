import { createFileRoute } from '@tanstack/react-router';
import { signIn } from '~/app/lib/auth-actions';
import { authErrorSearch } from '~/domain/shared/search';
import { AuthErrorScreen } from '~/ui/patterns/auth-error-screen';

export const Route = createFileRoute('/auth/error')({
  validateSearch: authErrorSearch,
  component: AuthError,
});

function AuthError() {
  const search = Route.useSearch();
  return <AuthErrorScreen {...search} onSignIn={(provider) => void signIn(provider, '/app/')} />;
}
