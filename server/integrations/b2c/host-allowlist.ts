/**
 * The SSRF guard: every URL the B2C clients build passes here before a request leaves. Salesforce
 * hosts must be HTTPS on the default port; extra origins (the local simulator) match exactly.
 */
import { B2CHostNotAllowedError } from './errors';

export const DEFAULT_ALLOWED_HOST_SUFFIXES = [
  '.commercecloud.salesforce.com',
  '.demandware.net',
] as const;
export const DEFAULT_ALLOWED_HOSTS = ['account.demandware.com'] as const;

export interface HostAllowlistOptions {
  /** Host suffixes, each starting with a dot. */
  allowedHostSuffixes?: readonly string[];
  /** Exact hosts (HTTPS) or origins such as "http://127.0.0.1:4010" (any scheme, exact port). */
  extraAllowedHosts?: readonly string[];
}

export interface HostAllowlist {
  /** The host name endings allowed, each starting with a dot. */
  readonly suffixes: readonly string[];
  /** Whether a bare hostname is a Salesforce Commerce host we may address. */
  isAllowedHost(host: string): boolean;
  /** Throws B2CHostNotAllowedError unless the URL may be called. */
  assertAllowedUrl(url: string): URL;
}

export function createHostAllowlist(options: HostAllowlistOptions = {}): HostAllowlist {
  const suffixes = (options.allowedHostSuffixes ?? DEFAULT_ALLOWED_HOST_SUFFIXES).map((s) =>
    s.toLowerCase(),
  );
  const hosts = new Set<string>(DEFAULT_ALLOWED_HOSTS);
  const origins = new Set<string>();
  for (const entry of options.extraAllowedHosts ?? []) {
    if (entry.includes('://')) origins.add(new URL(entry).origin);
    else hosts.add(entry.toLowerCase());
  }

  const isAllowedHost = (host: string) => {
    const h = host.toLowerCase();
    if (!/^[a-z0-9.-]+$/.test(h) || h.includes('..')) return false;
    return hosts.has(h) || suffixes.some((s) => h.endsWith(s) && h.length > s.length);
  };

  return {
    suffixes,
    isAllowedHost,
    assertAllowedUrl(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new B2CHostNotAllowedError(raw);
      }
      if (url.username || url.password) throw new B2CHostNotAllowedError(raw);
      if (origins.has(url.origin)) return url;
      if (url.protocol === 'https:' && url.port === '' && isAllowedHost(url.hostname)) return url;
      throw new B2CHostNotAllowedError(raw);
    },
  };
}
