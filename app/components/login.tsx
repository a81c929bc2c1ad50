/** The login screen wired to Auth.js: callbackUrl is the current path, so the visitor comes back here. */
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { signIn } from '~/app/lib/auth-actions';
import { type LoginProvider, LoginScreen } from '~/ui/patterns/login-screen';

export function Login() {
  const location = useLocation();
  const [busy, setBusy] = useState<LoginProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const campaign = (location.search as { campaign?: unknown }).campaign;
  const start = (provider: LoginProvider) => {
    setBusy(provider);
    setError(null);
    signIn(provider, `${window.location.pathname}${window.location.search}`).catch(() => {
      setBusy(null);
      setError('Sign-in is unavailable right now. Try again in a moment.');
    });
  };
  return (
    <LoginScreen
      campaign={typeof campaign === 'string' ? campaign : undefined}
      onSignIn={start}
      busy={busy}
      error={error}
    />
  );
}
