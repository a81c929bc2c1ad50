/**
 * WebDAV on an instance (`/on/demandware.servlet/webdav/Sites/...`): PROPFIND, GET, PUT, DELETE and
 * MKCOL over the instance's files, for API clients with an Account Manager token whose WebDAV Client
 * Permissions grant the path.
 */
import express, { type Request } from 'express';
import { webdavGrants, type WebdavOperation } from '~/domain/instances/snippets';
import { escapeHtml } from './business-manager';
import { currentInstance } from './instance';

export const WEBDAV_ROOT = '/on/demandware.servlet/webdav/Sites';

const PROPFIND_FINITE_DEPTH =
  '<?xml version="1.0" encoding="UTF-8"?><D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>';

function multistatus(entries: { href: string; name: string; collection: boolean; size: number }[]) {
  const responses = entries
    .map(
      (e) =>
        `<D:response><D:href>${escapeHtml(encodeURI(e.href))}</D:href><D:propstat><D:prop><D:displayname>${escapeHtml(e.name)}</D:displayname><D:resourcetype>${e.collection ? '<D:collection/>' : ''}</D:resourcetype>${e.collection ? '' : `<D:getcontentlength>${e.size}</D:getcontentlength>`}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><D:multistatus xmlns:D="DAV:">${responses}</D:multistatus>`;
}

/** Mounted on an instance's router; `bearerClient` and `knownClient` are Account Manager's. */
export function webdavRouter(accountManager: {
  bearerClient(req: Request): string | null;
  knownClient(clientId: string): boolean;
}): express.Router {
  const { bearerClient, knownClient } = accountManager;
  const router = express.Router();
  router.use(WEBDAV_ROOT, express.text({ type: () => true, limit: '5mb' }), (req, res) => {
    const instance = currentInstance(res);
    // WebDAV Client Permissions apply to API clients presenting an Account Manager token.
    const clientId = bearerClient(req);
    if (!clientId || !knownClient(clientId)) {
      res
        .status(401)
        .set('www-authenticate', 'Bearer realm="Commerce Cloud WebDAV"')
        .type('text')
        .send('Unauthorized');
      return;
    }
    const path = decodeURIComponent(req.path).replace(/\/+$/, '') || '/';
    const operation: WebdavOperation = ['PROPFIND', 'GET', 'HEAD', 'OPTIONS'].includes(req.method)
      ? 'read'
      : 'read_write';
    if (!webdavGrants(instance.settings.webdav, clientId, path, operation)) {
      res
        .status(403)
        .type('text')
        .send(`Forbidden: ${req.method} ${path} needs ${operation} permission`);
      return;
    }
    const href = (p: string, collection: boolean) => `${WEBDAV_ROOT}${p}${collection ? '/' : ''}`;
    const name = (p: string) => p.split('/').pop() ?? '';
    switch (req.method) {
      case 'PROPFIND': {
        // RFC 4918 §9.1: no Depth means infinity; like most servers, refuse infinity with 403 and
        // the propfind-finite-depth precondition. Anything but 0 or 1 is malformed.
        const depth = req.get('depth')?.trim().toLowerCase();
        if (depth === undefined || depth === 'infinity') {
          res.status(403).type('application/xml').send(PROPFIND_FINITE_DEPTH);
          return;
        }
        if (depth !== '0' && depth !== '1') {
          res.status(400).type('text').send(`Bad Depth header '${depth}'`);
          return;
        }
        const isDir = instance.dirs.has(path);
        const file = instance.files.get(path);
        if (!isDir && file === undefined) {
          res.status(404).end();
          return;
        }
        const entries = [
          { href: href(path, isDir), name: name(path), collection: isDir, size: file?.length ?? 0 },
        ];
        if (isDir && depth === '1') {
          const childOf = (p: string) =>
            p.startsWith(`${path}/`) && !p.slice(path.length + 1).includes('/');
          for (const d of [...instance.dirs].filter(childOf).sort())
            entries.push({ href: href(d, true), name: name(d), collection: true, size: 0 });
          for (const [f, content] of [...instance.files].filter(([p]) => childOf(p)).sort()) {
            entries.push({
              href: href(f, false),
              name: name(f),
              collection: false,
              size: content.length,
            });
          }
        }
        res.status(207).type('application/xml').send(multistatus(entries));
        return;
      }
      case 'GET': {
        const file = instance.files.get(path);
        if (file === undefined) res.status(404).end();
        else res.type('application/octet-stream').send(file);
        return;
      }
      case 'PUT': {
        const parent = path.slice(0, path.lastIndexOf('/'));
        if (!instance.dirs.has(parent) || instance.dirs.has(path)) {
          res.status(409).end();
          return;
        }
        const existed = instance.files.has(path);
        instance.files.set(path, typeof req.body === 'string' ? req.body : '');
        res.status(existed ? 204 : 201).end();
        return;
      }
      case 'DELETE': {
        if (instance.files.delete(path)) {
          res.status(204).end();
          return;
        }
        if (instance.dirs.has(path) && path !== '/impex') {
          for (const d of [...instance.dirs])
            if (d === path || d.startsWith(`${path}/`)) instance.dirs.delete(d);
          for (const f of [...instance.files.keys()])
            if (f.startsWith(`${path}/`)) instance.files.delete(f);
          res.status(204).end();
          return;
        }
        res.status(404).end();
        return;
      }
      case 'MKCOL': {
        const parent = path.slice(0, path.lastIndexOf('/'));
        if (instance.dirs.has(path) || instance.files.has(path)) res.status(405).end();
        else if (!instance.dirs.has(parent)) res.status(409).end();
        else {
          instance.dirs.add(path);
          res.status(201).end();
        }
        return;
      }
      default:
        res.status(405).set('allow', 'PROPFIND, GET, PUT, DELETE, MKCOL').end();
    }
  });
  return router;
}
