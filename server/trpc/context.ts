/** What every procedure sees: the signed-in user (or none) and the server's services (real: Drizzle; tests may swap). */
import type { SessionUser } from '~/domain/shared/session';
import type { Services } from '~/server/services';

export interface Context {
  user: SessionUser | null;
  services: Services;
  requestId: string;
  /** config.isDevelopment: errors then carry their own message and stack. Absent means no. */
  isDevelopment?: boolean;
}
