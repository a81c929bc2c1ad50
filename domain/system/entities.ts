/** The status page's health report: one check per part Beacon depends on. */
export interface HealthCheck {
  name: 'server' | 'database' | 'identity-provider' | 'b2c' | 'websocket';
  ok: boolean;
  latencyMs: number | null;
  lastError: string | null;
  checkedAt: Date;
}
