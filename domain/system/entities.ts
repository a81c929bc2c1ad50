/** The status page's health report: one check per part Beacon depends on, and what each viewer may see of it. */
export interface HealthCheck {
  name: 'server' | 'database' | 'identity-provider' | 'b2c' | 'websocket';
  ok: boolean;
  latencyMs: number | null;
  lastError: string | null;
  checkedAt: Date;
}

/**
 * What a part's error reads for anyone but a superuser: the raw error names hosts, ports and
 * drivers (docs/security.md, rule 6).
 */
export const HIDDEN_ERROR = 'This part reported an error. Its details are shown to superusers.';

/** The report as one viewer may see it: raw errors for superusers only. */
export function healthFor(checks: readonly HealthCheck[], isSuperUser: boolean): HealthCheck[] {
  if (isSuperUser) return [...checks];
  return checks.map((check) =>
    check.lastError === null ? check : { ...check, lastError: HIDDEN_ERROR },
  );
}
