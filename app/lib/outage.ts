/** How the app recognises the server's database outage in a tRPC error (free of UI imports: it stays cheap in the entry chunk). */
import type { ErrorReason } from '~/domain/shared/errors';

const DATABASE_UNAVAILABLE: ErrorReason = 'database-unavailable';

/** A call the server answered 503 because it cannot reach its database (tRPC's data.reason). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || !('data' in error)) return false;
  const data = error.data as { reason?: unknown } | null | undefined;
  return data?.reason === DATABASE_UNAVAILABLE;
}
