/**
 * Health of the product's parts (the status page): the database round trip plus probes the process
 * supplies (identity provider, B2C endpoints, WebSocket). Each part keeps its last error, so a part
 * that recovered still shows what went wrong before.
 */
import { sql } from 'drizzle-orm';
import type { HealthCheck } from '~/domain/system/entities';
import type { Db } from '~/server/db/client';

export type HealthPart = HealthCheck['name'];
/** A probe resolves when the part answers and rejects with a reason when it does not. */
export type HealthProbes = Partial<
  Record<Exclude<HealthPart, 'server' | 'database'>, () => Promise<void>>
>;

const PROBE_TIMEOUT_MS = 3000;
const ORDER: HealthPart[] = ['server', 'database', 'identity-provider', 'b2c', 'websocket'];

function withTimeout(probe: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
    probe().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** How long readiness waits for the database's `select 1`. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * How long one report answers every caller: the page's query and every status subscription share one
 * round of probes (a database round trip and three HTTP or WebSocket probes) instead of one each.
 */
export const STATUS_CACHE_MS = 5_000;

export interface SystemService {
  /** Every part's health, raw errors included (the router shows those to superusers only). */
  status(): Promise<HealthCheck[]>;
  /** True when the database answers a `select 1` within READY_TIMEOUT_MS (the readiness check). */
  databaseReady(): Promise<boolean>;
}

export function createSystemService(
  db: Db,
  now: () => Date = () => new Date(),
  probes: HealthProbes = {},
  cacheMs = STATUS_CACHE_MS,
): SystemService {
  /** The last report (or the one being made) and when it was asked for. */
  let report: { at: number; checks: Promise<HealthCheck[]> } | null = null;
  const lastErrors = new Map<HealthPart, string>();
  const check = async (name: HealthPart, probe: () => Promise<void>): Promise<HealthCheck> => {
    const started = performance.now();
    try {
      await withTimeout(probe);
      return {
        name,
        ok: true,
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
        lastError: lastErrors.get(name) ?? null,
        checkedAt: now(),
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      lastErrors.set(name, message);
      return { name, ok: false, latencyMs: null, lastError: message, checkedAt: now() };
    }
  };
  const parts: [HealthPart, () => Promise<void>][] = [
    ['server', async () => {}],
    ['database', async () => void (await db.execute(sql`select 1`))],
    ...Object.entries(probes).filter((entry): entry is [HealthPart, () => Promise<void>] =>
      Boolean(entry[1]),
    ),
  ];
  return {
    async databaseReady() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      });
      const answer = db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([answer, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    status(): Promise<HealthCheck[]> {
      const at = now().getTime();
      if (report && at - report.at < cacheMs) return report.checks;
      const checks = Promise.all(parts.map(([name, probe]) => check(name, probe))).then((results) =>
        results.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name)),
      );
      report = { at, checks };
      return checks;
    },
  };
}
