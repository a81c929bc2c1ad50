/**
 * Fault injection: rules that delay, fail or drop the requests whose path they match, before any route
 * but their own control API (`POST` and `DELETE /__sim/faults`); added over HTTP or by the
 * simulator's `faults` handle.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { sendFault } from './ocapi-data-routes';

export interface FaultRule {
  /** Matched against the full request path: a substring, or a RegExp. */
  path: string | RegExp;
  method?: string;
  /** Delay before answering (or before the other effects). */
  latencyMs?: number;
  /**
   * Answer with this status and an OCAPI fault body; a 429 or 503 also says `Retry-After: 1`, as a
   * throttled or briefly unavailable instance does.
   */
  status?: number;
  /** The fault body's type with `status`; "InternalServerErrorException" when absent. */
  faultType?: string;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Apply this many times, then remove itself; forever when absent. */
  times?: number;
}

/** Statuses whose injected answers carry `Retry-After`. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** A fault rule sent over HTTP: the path as a substring (`path`) or a regular expression (`pathRegex`). */
const faultRuleSchema = z
  .object({
    path: z.string().min(1).optional(),
    pathRegex: z
      .string()
      .min(1)
      .refine(
        (source) => {
          try {
            new RegExp(source);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'pathRegex is not a regular expression' },
      )
      .optional(),
    method: z.string().optional(),
    latencyMs: z.number().int().nonnegative().optional(),
    status: z.number().int().min(100).max(599).optional(),
    faultType: z.string().min(1).optional(),
    drop: z.boolean().optional(),
    times: z.number().int().positive().optional(),
  })
  .strict()
  .refine((rule) => rule.path !== undefined || rule.pathRegex !== undefined, {
    message: 'path or pathRegex is required',
  });

/** The fault rules of one simulator: the middleware that applies them and the routes that set them. */
export function createFaults() {
  let faultRules: (FaultRule & { remaining: number })[] = [];

  const add = (rule: FaultRule) => {
    const entry = { ...rule, remaining: rule.times ?? Number.POSITIVE_INFINITY };
    faultRules.push(entry);
    return () => {
      faultRules = faultRules.filter((r) => r !== entry);
    };
  };
  const clear = () => {
    faultRules = [];
  };

  /** Runs before every route except the control API under /__sim/. */
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/__sim/')) return next();
    const rule = faultRules.find(
      (r) =>
        (!r.method || r.method.toUpperCase() === req.method) &&
        (typeof r.path === 'string' ? req.path.includes(r.path) : r.path.test(req.path)),
    );
    if (!rule) return next();
    rule.remaining -= 1;
    if (rule.remaining <= 0) faultRules = faultRules.filter((r) => r !== rule);
    const act = () => {
      if (rule.drop) {
        req.socket.destroy();
        return;
      }
      if (rule.status) {
        if (RETRY_AFTER_STATUSES.has(rule.status)) res.set('retry-after', '1');
        sendFault(
          res,
          rule.status,
          rule.faultType ?? 'InternalServerErrorException',
          'Injected fault (simulator).',
        );
        return;
      }
      next();
    };
    if (rule.latencyMs) setTimeout(act, rule.latencyMs).unref();
    else act();
  };

  const router = express.Router();
  router.post('/__sim/faults', express.json(), (req, res) => {
    const parsed = faultRuleSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const { pathRegex, ...rule } = parsed.data;
    add({ ...rule, path: pathRegex ? new RegExp(pathRegex) : (rule.path ?? '') });
    res.status(201).json({ ok: true });
  });
  router.delete('/__sim/faults', (_req, res) => {
    clear();
    res.status(204).end();
  });

  return { middleware, router, add, clear };
}
