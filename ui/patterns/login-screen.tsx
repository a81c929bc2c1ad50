import { Button } from '~/ui/components/button';
import { BeaconMark } from './beacon-mark';

export type LoginProvider = 'salesforce' | 'google';

export interface LoginScreenProps {
  /** `aeo` shows the free AEO report campaign variant. */
  campaign?: string | undefined;
  onSignIn(provider: LoginProvider): void;
  /** The provider whose sign-in is under way. */
  busy?: LoginProvider | null;
  /** Shown when starting sign-in failed (e.g. the sign-in service is unreachable). */
  error?: string | null;
}

/** The login screen (docs/product.md#shell-and-sign-in): Salesforce and Google, or the AEO report campaign variant. */
export function LoginScreen({ campaign, onSignIn, busy = null, error = null }: LoginScreenProps) {
  const isAeo = campaign === 'aeo';
  return (
    <main
      data-slot="login-screen"
      data-campaign={isAeo ? 'aeo' : undefined}
      className="flex min-h-svh items-center justify-center bg-base-200 p-6"
    >
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-box border border-base-300 bg-base-100 p-8 shadow-sm">
        <BeaconMark />
        {isAeo ? (
          <div className="flex flex-col gap-2">
            <h1 className="font-display text-2xl font-semibold">Get your free AEO report</h1>
            <p className="text-sm text-base-content/80">
              See how AI assistants describe and recommend your storefront. Sign in with your
              existing Salesforce Commerce Cloud credentials; we read your catalogue, nothing is
              changed.
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <h1 className="font-display text-2xl font-semibold">Sign in to Beacon</h1>
            <p className="text-sm text-base-content/80">
              AI discoverability, agents and catalogue tooling for Salesforce B2C Commerce.
            </p>
          </div>
        )}
        <div className="flex flex-col gap-3">
          <Button
            size="lg"
            loading={busy === 'salesforce'}
            disabled={busy !== null}
            onClick={() => onSignIn('salesforce')}
          >
            Sign in with Salesforce
          </Button>
          {isAeo ? null : (
            <Button
              size="lg"
              variant="outline"
              loading={busy === 'google'}
              disabled={busy !== null}
              onClick={() => onSignIn('google')}
            >
              Sign in with Google
            </Button>
          )}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
    </main>
  );
}
