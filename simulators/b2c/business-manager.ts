/** A minimal Business Manager stand-in: labelled forms where a person pastes the three settings blocks. */
import express, { type Request } from 'express';
import type { B2CCapability } from '~/domain/instances/capabilities';
import {
  BUSINESS_MANAGER_PATH,
  parseOcapiSettings,
  parseWebdavPermissions,
  SETTINGS_BLOCK_LABEL,
} from '~/domain/instances/snippets';
import { currentInstance, type SimInstance } from './instance';

export const BM_BASE = '/on/demandware.store/Sites-Site/default';

/** The page where `capability`'s settings are pasted, for an instance's base URL. */
export function businessManagerUrl(instanceBaseUrl: string, capability: B2CCapability): string {
  return `${instanceBaseUrl.replace(/\/+$/, '')}${BUSINESS_MANAGER_PATH[capability]}`;
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_TITLE: Record<B2CCapability, string> = {
  'ocapi-data': 'Open Commerce API Settings: Data',
  'ocapi-shop': 'Open Commerce API Settings: Shop',
  webdav: 'WebDAV Client Permissions',
};

const FIELD: Record<B2CCapability, string> = {
  'ocapi-data': 'settings',
  'ocapi-shop': 'settings',
  webdav: 'permissions',
};

export function bmFieldName(capability: B2CCapability): string {
  return FIELD[capability];
}

function layout(
  instance: { instanceId: string; host: string },
  title: string,
  body: string,
): string {
  const links = (['ocapi-data', 'ocapi-shop', 'webdav'] as const)
    .map(
      (c) =>
        `<li><a href="${escapeHtml(`.${BUSINESS_MANAGER_PATH[c].slice(BM_BASE.length)}`)}">${escapeHtml(PAGE_TITLE[c])}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Business Manager (simulated) · ${escapeHtml(instance.instanceId)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1b1b1b; }
header { background: #0b2a4a; color: #fff; padding: 0.75rem 1.5rem; }
header a { color: #fff; }
nav ul { display: flex; gap: 1.5rem; list-style: none; margin: 0.5rem 0 0; padding: 0; }
main { padding: 1.5rem; max-width: 60rem; }
label { display: block; font-weight: 600; margin-bottom: 0.5rem; }
textarea { width: 100%; font: 14px/1.4 ui-monospace, monospace; }
button { margin-top: 0.75rem; padding: 0.5rem 1.25rem; font: inherit; }
[role=status] { color: #0a6b2b; } [role=alert] { color: #a4000f; }
</style>
</head>
<body>
<header>
<p>Business Manager (Beacon simulator) · ${escapeHtml(instance.instanceId)} · ${escapeHtml(instance.host)}</p>
<nav aria-label="Administration"><ul>${links}</ul></nav>
</header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function bmIndexPage(instance: { instanceId: string; host: string }): string {
  return layout(instance, 'Administration', '<p>Choose a settings page above.</p>');
}

export function bmSettingsPage(
  instance: { instanceId: string; host: string },
  capability: B2CCapability,
  current: string,
  outcome: { saved: true } | { error: string } | null,
): string {
  const label = SETTINGS_BLOCK_LABEL[capability];
  const field = FIELD[capability];
  const message =
    outcome === null
      ? ''
      : 'saved' in outcome
        ? `<p role="status">Saved. The ${escapeHtml(label)} are in effect.</p>`
        : `<p role="alert">Not saved: ${escapeHtml(outcome.error)}</p>`;
  const action = BUSINESS_MANAGER_PATH[capability]
    .replace('-Show', '-Save')
    .slice(BM_BASE.length + 1);
  const body = `${message}
<form method="post" action="${escapeHtml(action)}">
<label for="${field}">${escapeHtml(label)} (JSON)</label>
<textarea id="${field}" name="${field}" rows="18" spellcheck="false" aria-describedby="${field}-hint">${escapeHtml(current)}</textarea>
<p id="${field}-hint">Paste the snippet Beacon shows, then save.</p>
<button type="submit">Save</button>
</form>`;
  return layout(instance, PAGE_TITLE[capability], body);
}

/**
 * Submits a settings block through the Business Manager form, as a person pressing Save would.
 * `pageUrl` is the page's URL (businessManagerUrl); resolves to the response status and HTML.
 */
export async function pasteInBusinessManager(
  pageUrl: string,
  capability: B2CCapability,
  text: string,
): Promise<{ status: number; html: string }> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !action) throw new Error(`No settings form at ${pageUrl}`);
  const response = await fetch(new URL(action.replace(/&amp;/g, '&'), pageUrl), {
    method: 'POST',
    body: new URLSearchParams({ [FIELD[capability]]: text }),
  });
  return { status: response.status, html: await response.text() };
}

const CAPABILITY_BY_BM_TYPE: Record<string, B2CCapability> = {
  data: 'ocapi-data',
  shop: 'ocapi-shop',
};

/** The pages on an instance's router: the index, and each settings page with its form (Show, Save). */
export function businessManagerRouter(): express.Router {
  const router = express.Router();
  const bmSave = (capability: B2CCapability, text: string, instance: SimInstance) => {
    if (capability === 'webdav') {
      const parsed = parseWebdavPermissions(text);
      if (!parsed.ok) return parsed;
      instance.settings.webdav = parsed.value;
      return parsed;
    }
    const parsed = parseOcapiSettings(text);
    if (!parsed.ok) return parsed;
    instance.settings[capability === 'ocapi-data' ? 'ocapiData' : 'ocapiShop'] = parsed.value;
    return parsed;
  };
  const bmCurrent = (capability: B2CCapability, instance: SimInstance) => {
    const value = {
      'ocapi-data': instance.settings.ocapiData,
      'ocapi-shop': instance.settings.ocapiShop,
      webdav: instance.settings.webdav,
    }[capability];
    return value ? JSON.stringify(value, null, 2) : '';
  };
  const bmView = (i: SimInstance) => ({ instanceId: i.instanceId, host: i.hostname });
  const bmCapability = (req: Request, kind: 'ocapi' | 'webdav'): B2CCapability | null =>
    kind === 'webdav'
      ? 'webdav'
      : (CAPABILITY_BY_BM_TYPE[String(req.query.type ?? req.body?.type ?? '')] ?? null);

  router.get(`${BM_BASE}/ViewApplication-BM`, (_req, res) => {
    res.type('html').send(bmIndexPage(bmView(currentInstance(res))));
  });
  for (const [page, kind] of [
    ['ViewOCAPISettings', 'ocapi'],
    ['ViewWebDAVClientPermissions', 'webdav'],
  ] as const) {
    router.get(`${BM_BASE}/${page}-Show`, (req, res) => {
      const capability = bmCapability(req, kind);
      if (!capability) {
        res.status(404).type('text').send('Unknown settings type');
        return;
      }
      const instance = currentInstance(res);
      res
        .type('html')
        .send(bmSettingsPage(bmView(instance), capability, bmCurrent(capability, instance), null));
    });
    router.post(`${BM_BASE}/${page}-Save`, (req, res) => {
      const capability = bmCapability(req, kind);
      if (!capability) {
        res.status(404).type('text').send('Unknown settings type');
        return;
      }
      const instance = currentInstance(res);
      const text = String(
        (req.body as Record<string, unknown> | undefined)?.[bmFieldName(capability)] ?? '',
      );
      const result = bmSave(capability, text, instance);
      res
        .status(result.ok ? 200 : 400)
        .type('html')
        .send(
          bmSettingsPage(
            bmView(instance),
            capability,
            result.ok ? bmCurrent(capability, instance) : text,
            result.ok ? { saved: true } : { error: result.error },
          ),
        );
    });
  }
  return router;
}
