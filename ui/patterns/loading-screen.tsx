import { Spinner } from '~/ui/components/spinner';

/** Full-page loading state: no login buttons, no content (the session is loading: docs/product.md#shell-and-sign-in). */
export function LoadingScreen({ label = 'Loading Beacon' }: { label?: string }) {
  return (
    <div data-slot="loading-screen" className="flex min-h-svh items-center justify-center">
      <Spinner size="lg" label={label} className="text-primary" />
    </div>
  );
}
