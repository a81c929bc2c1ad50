/**
 * WebDAV on /impex: list (PROPFIND, Depth 1) and a write probe (PUT then DELETE of a small file).
 * With "WebDAV Client Permissions" B2C authenticates an API client by an Account Manager bearer
 * token (client credentials of that client), not by Basic id:secret, which is for Business
 * Manager users and access keys.
 */
import { randomUUID } from 'node:crypto';
import { type TokenSource, withBearer } from './account-manager';
import type { B2CCallContext } from './errors';
import type { HttpClient, HttpRequest } from './http';

export const WEBDAV_IMPEX_PATH = '/on/demandware.servlet/webdav/Sites/impex';

export interface WebdavEntry {
  href: string;
  name: string;
  isCollection: boolean;
}

export interface WebdavClient {
  listImpex(): Promise<WebdavEntry[]>;
  /** Writes and deletes `beacon-probe-<uuid>.txt` at the top of /impex. */
  writeProbe(): Promise<void>;
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads a multistatus body well enough for listing; namespaces prefixes vary, so match loosely. */
export function parseMultistatus(xml: string): WebdavEntry[] {
  const entries: WebdavEntry[] = [];
  for (const match of xml.matchAll(/<(?:\w+:)?response\b[^>]*>([\s\S]*?)<\/(?:\w+:)?response>/g)) {
    const block = match[1] ?? '';
    const href = /<(?:\w+:)?href>([\s\S]*?)<\/(?:\w+:)?href>/.exec(block)?.[1]?.trim();
    if (!href) continue;
    const decoded = decodeURIComponent(decodeXml(href));
    const name = decoded.replace(/\/+$/, '').split('/').pop() ?? '';
    entries.push({ href: decoded, name, isCollection: /<(?:\w+:)?collection\s*\/?>/.test(block) });
  }
  return entries;
}

export function createWebdavClient(options: {
  http: HttpClient;
  baseUrl: string;
  /** The API client's Account Manager tokens (the same source OCAPI uses). */
  tokens: TokenSource;
}): WebdavClient {
  const send = (request: HttpRequest) =>
    withBearer(options.tokens, (token) =>
      options.http({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      }),
    );
  const root = `${options.baseUrl}${WEBDAV_IMPEX_PATH}`;
  const call = (method: string, resource: string): B2CCallContext => ({
    api: 'webdav',
    method,
    resource,
  });

  return {
    async listImpex() {
      const response = await send({
        call: call('PROPFIND', '/impex/'),
        url: `${root}/`,
        headers: {
          // Never infinity (or absent, which means infinity): servers refuse it.
          depth: '1',
          accept: 'application/xml',
          'content-type': 'application/xml',
        },
        body: '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><allprop/></propfind>',
      });
      // The first response is /impex itself.
      return parseMultistatus(response.text).slice(1);
    },
    async writeProbe() {
      const name = `beacon-probe-${randomUUID()}.txt`;
      await send({
        call: call('PUT', `/impex/${name}`),
        url: `${root}/${name}`,
        headers: { 'content-type': 'text/plain' },
        body: 'Beacon write probe; safe to delete.\n',
      });
      await send({ call: call('DELETE', `/impex/${name}`), url: `${root}/${name}` });
    },
  };
}
