/**
 * The simulator's state across restarts (`statePath`, for `npm start`): API clients, pasted settings
 * and WebDAV files. Product edits are not kept.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseOcapiSettings, parseWebdavPermissions } from '~/domain/instances/snippets';
import type { SimApiClient } from './account-manager';
import type { SimInstance } from './instance';

interface PersistedState {
  apiClients: SimApiClient[];
  instances: Record<string, { settings: unknown; files: [string, string][]; dirs: string[] }>;
}

/** Reads a state file back; pasted settings pass the domain schemas again, a bad file is ignored. */
export function restoreState(
  path: string,
  apiClients: Map<string, SimApiClient>,
  byHost: Map<string, SimInstance>,
) {
  let state: PersistedState;
  try {
    state = JSON.parse(readFileSync(path, 'utf8')) as PersistedState;
  } catch {
    process.stderr.write(`B2C simulator: ignoring unreadable state file ${path}\n`);
    return;
  }
  for (const client of state.apiClients ?? []) apiClients.set(client.id, client);
  for (const [host, saved] of Object.entries(state.instances ?? {})) {
    const instance = byHost.get(host);
    if (!instance) continue;
    const settings = (saved.settings ?? {}) as Record<string, unknown>;
    const ocapi = (value: unknown) => {
      const parsed = value ? parseOcapiSettings(JSON.stringify(value)) : null;
      return parsed?.ok ? parsed.value : null;
    };
    const webdav = settings.webdav ? parseWebdavPermissions(JSON.stringify(settings.webdav)) : null;
    instance.settings = {
      ocapiData: ocapi(settings.ocapiData),
      ocapiShop: ocapi(settings.ocapiShop),
      webdav: webdav?.ok ? webdav.value : null,
    };
    instance.files = new Map(saved.files ?? []);
    instance.dirs = new Set(saved.dirs ?? []);
  }
}
/** Writes the state file (after each request that may change it). */
export function saveState(
  path: string,
  apiClients: Map<string, SimApiClient>,
  instances: readonly SimInstance[],
) {
  const state: PersistedState = {
    apiClients: [...apiClients.values()],
    instances: Object.fromEntries(
      instances.map((i) => [
        i.hostname,
        { settings: i.settings, files: [...i.files], dirs: [...i.dirs] },
      ]),
    ),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(state, null, 2));
}
