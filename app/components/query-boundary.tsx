/**
 * Where a screen section reads its data with `useSuspenseQuery`: the section's skeleton while the query
 * the route's loader started is in flight, the section's own error UI if it fails (the rest of the
 * screen stays usable). See docs/decisions/0023-screen-loading.md.
 */
import { CatchBoundary } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';

export function QueryBoundary({
  pending,
  error,
  resetKey = 0,
  children,
}: {
  pending: ReactNode;
  /** The section's error state, given the failed read's message. */
  error: (message: string) => ReactNode;
  /** A new key clears a shown error and renders the section again (e.g. after a refetch). */
  resetKey?: unknown;
  children: ReactNode;
}) {
  return (
    <CatchBoundary
      getResetKey={() => resetKey}
      errorComponent={({ error: caught }) =>
        error(caught instanceof Error ? caught.message : String(caught))
      }
    >
      <Suspense fallback={pending}>{children}</Suspense>
    </CatchBoundary>
  );
}
