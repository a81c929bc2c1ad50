import { createFileRoute } from '@tanstack/react-router';
import { authErrorSearch } from '../../../domain/search-params';
import { AuthErrorScreen } from '../../../ui/patterns/auth-error-screen';
import { signIn } from '../../lib/auth-actions';

export const Route = createFileRoute('/auth/error')({
  validateSearch: authErrorSearch,
  component: AuthError,
});

function AuthError() {
  const search = Route.useSearch();
  return <AuthErrorScreen {...search} onSignIn={(provider) => void signIn(provider, '/app/')} />;
}
