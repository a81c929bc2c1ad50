/**
 * `/metrics` (Prometheus text format) and the count of every tRPC request over HTTP. With
 * `METRICS_TOKEN` set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise);
 * without one, production serves no metrics at all (404) and development and tests serve them openly
 * (they listen on loopback).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { metrics, metricsRegistry } from '~/server/metrics';

/** A /trpc request carries the status of each failed call of its batch (set by tRPC's onError). */
export interface TrpcMetricsRequest extends IncomingMessage {
  trpcStatuses?: Map<string, number>;
}

/** The procedures a /trpc URL names: `/trpc/a.b,c.d?batch=1` → ["a.b", "c.d"]. */
export function trpcPaths(url: string): string[] {
  const path = (url.split('?')[0] ?? '').replace(/^\/+/, '');
  let names: string;
  try {
    names = decodeURIComponent(path);
  } catch {
    return ['unknown'];
  }
  // Unknown or malformed names are counted as one label, not one series each.
  return names
    .split(',')
    .map((name) =>
      /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/.test(name) && name.length <= 80 ? name : 'unknown',
    );
}

/** Counts each call of the request when it is answered, with its own status (a batch may mix them). */
export const countTrpcRequest: RequestHandler = (req, res, next) => {
  const started = performance.now();
  const statuses = new Map<string, number>();
  (req as TrpcMetricsRequest).trpcStatuses = statuses;
  res.once('finish', () => {
    const seconds = (performance.now() - started) / 1000;
    const whole = res.statusCode;
    metrics.trpcRequest(
      trpcPaths(req.url).map((procedure) => ({
        procedure,
        // A call that failed has its error's status; the others the answer's (200, or the
        // request's own refusal such as 413 before any call ran).
        status: statuses.get(procedure) ?? (whole === 207 ? 200 : whole),
      })),
      seconds,
    );
  });
  next();
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function serveMetrics(options: {
  token: string | undefined;
  isProduction: boolean;
}): RequestHandler {
  return async (req, res) => {
    res.set('cache-control', 'no-store');
    if (!options.token && options.isProduction) {
      res.status(404).json({ error: { message: 'Not Found' } });
      return;
    }
    if (options.token) {
      const header = req.get('authorization') ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameToken(given, options.token)) {
        res
          .status(401)
          .set('www-authenticate', 'Bearer realm="metrics"')
          .json({ error: { message: 'Send Authorization: Bearer <METRICS_TOKEN>.' } });
        return;
      }
    }
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
