// Posts an alert to the webhook address a user set, without letting that address reach Beacon's own
// network (ADR 0049).
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { LOOPBACK_HOSTS } from '~/domain/monitoring/alerts';

/** Resolves a host name to every address it has, as `dns.promises.lookup(host, { all: true })` does. */
export type LookupFn = (hostname: string) => Promise<LookupAddress[]>;

export interface WebhookSenderOptions {
  /** True outside production only: lets a receiver on this machine (loopback) be posted to. */
  allowLocal: boolean;
  /** The whole exchange, from resolving the host to the answer's status; 10 seconds when unset. */
  timeoutMs?: number;
  /** Tests resolve names with it; the system resolver otherwise. */
  lookup?: LookupFn;
}

export interface WebhookSender {
  /** Posts `body` as JSON; resolves on a 2xx answer and rejects with a WebhookError otherwise. */
  send(url: string, body: unknown): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

// The messages are shown on the alert, so they name the host at most: a Slack webhook's path is its
// secret, and the query may hold a token.
export const WEBHOOK_MESSAGES = {
  invalidUrl: 'The webhook’s address is not a valid web address',
  credentials: 'Webhook addresses cannot contain a user name or password',
  https: 'Webhook addresses must use https',
  addressRefused:
    'The webhook’s address resolves to a private network address, which Beacon does not post to',
  notFound: (host: string) => `The webhook’s host ${host} was not found`,
  unreachable: (host: string, code: string) =>
    `The webhook at ${host} could not be reached (${code})`,
  timeout: (ms: number) => `The webhook did not answer within ${duration(ms)}`,
  redirect: (status: number) => `The webhook answered ${status}; redirects are not followed`,
  status: (status: number) => `The webhook answered ${status}`,
} as const;

/** A failed delivery: `message` can be shown as it is; `retryable` says whether trying later may help. */
export class WebhookError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'WebhookError';
    this.retryable = retryable;
  }
}

/**
 * Ranges ipaddr.js 1.9.1 calls 'unicast' that are not reachable on the internet either: IPv4-compatible
 * IPv6 (::a.b.c.d, deprecated; some stacks send it to the embedded IPv4 address), IPv6 discard-only,
 * and IPv4 benchmarking.
 */
const NOT_GLOBAL_V6 = ['::/96', '100::/64'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const NOT_GLOBAL_V4 = ['198.18.0.0/15'].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

type Scope = 'public' | 'public-or-loopback' | 'loopback';

/**
 * Whether one address may be connected to. ipaddr's `process` turns IPv4-mapped IPv6 (::ffff:10.0.0.1)
 * into the IPv4 address it reaches, so a mapped private address is refused as the address itself is.
 * Only 'unicast' is public: every other range ipaddr names (private, loopback, link-local, CGNAT,
 * unique-local, multicast, reserved, and the IPv6 ranges that embed an IPv4 address: NAT64, 6to4,
 * Teredo) is refused, which refuses some public hosts behind NAT64 or 6to4 rather than read the
 * embedded address.
 */
function addressAllowed(address: string, scope: Scope): boolean {
  // Node's own test, which is stricter than ipaddr's (it reads 010.0.0.1 as octal, Node refuses it).
  if (isIP(address) === 0) return false;
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'loopback') return scope !== 'public';
  if (scope === 'loopback') return false;
  if (range !== 'unicast') return false;
  return ip instanceof ipaddr.IPv4
    ? !NOT_GLOBAL_V4.some((cidr) => ip.match(cidr))
    : !NOT_GLOBAL_V6.some((cidr) => ip.match(cidr));
}

function duration(ms: number): string {
  if (ms % 1000 !== 0) return `${ms} ms`;
  return ms === 1000 ? '1 second' : `${ms / 1000} seconds`;
}

/** What may be posted to, from the address as written; the host's addresses are checked on connect. */
function parseWebhookUrl(value: string, allowLocal: boolean): { url: URL; scope: Scope } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookError(WEBHOOK_MESSAGES.invalidUrl, false);
  }
  if (url.username || url.password) throw new WebhookError(WEBHOOK_MESSAGES.credentials, false);
  if (url.hostname === '') throw new WebhookError(WEBHOOK_MESSAGES.invalidUrl, false);
  if (url.protocol === 'https:') {
    return { url, scope: allowLocal ? 'public-or-loopback' : 'public' };
  }
  // Plain http only to a receiver on this machine, as the domain's isWebhookUrl allows, and only where
  // local receivers are allowed at all; its addresses must then be loopback too.
  if (url.protocol === 'http:' && allowLocal && LOOPBACK_HOSTS.includes(url.hostname)) {
    return { url, scope: 'loopback' };
  }
  throw new WebhookError(WEBHOOK_MESSAGES.https, false);
}

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true });

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` the request connects through. Node connects to exactly the addresses it hands back,
 * so the addresses checked are the ones connected to: a name that resolves to a public address when
 * checked and to a private one a moment later (DNS rebinding) is never resolved twice. One refused
 * address refuses the host, so no fallback between a host's addresses can reach a refused one.
 */
function checkedLookup(resolve: LookupFn, scope: Scope) {
  return (
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: LookupCallback,
  ): void => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0) {
          callback(new WebhookError(WEBHOOK_MESSAGES.notFound(hostname), true), []);
        } else if (!addresses.every((a) => addressAllowed(a.address, scope))) {
          callback(new WebhookError(WEBHOOK_MESSAGES.addressRefused, false), []);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (err: NodeJS.ErrnoException) => {
        const notFound = err.code === 'ENOTFOUND' || err.code === 'ENODATA';
        const message = notFound
          ? WEBHOOK_MESSAGES.notFound(hostname)
          : WEBHOOK_MESSAGES.unreachable(hostname, err.code ?? 'EAI_FAIL');
        callback(new WebhookError(message, true), []);
      },
    );
  };
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const resolve = options.lookup ?? defaultLookup;

  return {
    send(rawUrl, body) {
      let target: { url: URL; scope: Scope };
      try {
        target = parseWebhookUrl(rawUrl, options.allowLocal);
      } catch (err) {
        return Promise.reject(err as Error);
      }
      const { url, scope } = target;
      // Node connects to an IP literal without calling `lookup`, so a literal is checked here.
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(literal) !== 0 && !addressAllowed(literal, scope)) {
        return Promise.reject(new WebhookError(WEBHOOK_MESSAGES.addressRefused, false));
      }
      const payload = JSON.stringify(body);
      const host = url.host;

      return new Promise<void>((fulfil, reject) => {
        let settled = false;
        const settle = (err?: WebhookError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (err) reject(err);
          else fulfil();
        };
        const request = (url.protocol === 'https:' ? https : http).request(
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
            lookup: checkedLookup(resolve, scope),
            // A socket of its own: a pooled one could have been connected under another check.
            agent: false,
          },
          (response) => {
            const status = response.statusCode ?? 0;
            // The status is the whole answer Beacon needs; the body is never read, so it can be
            // neither logged nor shown, and a large one costs nothing.
            response.destroy();
            if (status >= 200 && status < 300) settle();
            else if (status >= 300 && status < 400) {
              settle(new WebhookError(WEBHOOK_MESSAGES.redirect(status), false));
            } else {
              const retryable = status >= 500 || status === 429;
              settle(new WebhookError(WEBHOOK_MESSAGES.status(status), retryable));
            }
          },
        );
        // `setTimeout` on the request only notices an idle socket; this bounds the whole exchange.
        const timer = setTimeout(() => {
          settle(new WebhookError(WEBHOOK_MESSAGES.timeout(timeoutMs), true));
          request.destroy();
        }, timeoutMs);
        request.on('error', (err: NodeJS.ErrnoException) => {
          // Node's own errors can quote the address it connected to, never the path; only the code is kept.
          if (err instanceof WebhookError) settle(err);
          else
            settle(new WebhookError(WEBHOOK_MESSAGES.unreachable(host, err.code ?? 'error'), true));
        });
        request.end(payload);
      });
    },
  };
}

/**
 * The alert webhooks of a process: production's rules in production, this machine allowed outside it
 * (a receiver in development), and the app's public address for the links alerts carry.
 */
export function alertWebhooksFor(config: { isProduction: boolean; publicUrl: string | undefined }) {
  return {
    sender: createWebhookSender({ allowLocal: !config.isProduction }),
    appUrl: config.publicUrl ?? null,
  };
}
