import { Button } from '~/ui/components/button';
import { BeaconMark } from './beacon-mark';

const PROVIDER_LABEL: Record<string, string> = { salesforce: 'Salesforce', google: 'Google' };
const label = (provider: string | undefined) =>
  (provider && PROVIDER_LABEL[provider]) ?? 'the provider you used before';

export interface AuthErrorScreenProps {
  error?: string | undefined;
  email?: string | undefined;
  newProvider?: string | undefined;
  existingProvider?: string | undefined;
  /** Starts sign-in with the given provider. */
  onSignIn(provider: 'salesforce' | 'google'): void;
}

/** The sign-in error page: an account-provider conflict explained in plain words, with a way forward. */
export function AuthErrorScreen({
  error,
  email,
  newProvider,
  existingProvider,
  onSignIn,
}: AuthErrorScreenProps) {
  const conflict = error === 'OAuthAccountNotLinked';
  const existing = existingProvider === 'google' ? 'google' : 'salesforce';
  return (
    <main
      data-slot="auth-error-screen"
      className="flex min-h-svh items-center justify-center bg-base-200 p-6"
    >
      <div className="flex w-full max-w-md flex-col gap-5 rounded-box border border-base-300 bg-base-100 p-8 shadow-sm">
        <BeaconMark />
        {conflict ? (
          <>
            <h1 className="font-display text-2xl font-semibold">
              This email already uses another sign-in
            </h1>
            <p className="text-base-content/85">
              {email ? <strong>{email}</strong> : 'Your email'} already signs in to Beacon with{' '}
              <strong>{label(existingProvider)}</strong>. You just tried{' '}
              <strong>{label(newProvider)}</strong>. To keep your orgs and settings in one account,
              sign in with {label(existingProvider)}.
            </p>
            <Button size="lg" onClick={() => onSignIn(existing)}>
              Sign in with {label(existingProvider)}
            </Button>
          </>
        ) : (
          <>
            <h1 className="font-display text-2xl font-semibold">Sign-in did not complete</h1>
            <p className="text-base-content/85">
              The sign-in provider did not let us finish{error ? ` (${error})` : ''}. Try again; if
              it keeps failing, contact the team at support.
            </p>
            <div className="flex gap-3">
              <Button onClick={() => onSignIn('salesforce')}>Sign in with Salesforce</Button>
              <Button variant="outline" onClick={() => onSignIn('google')}>
                Sign in with Google
              </Button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
