/**
 * The B2C Commerce configuration a person pastes into Business Manager (docs/product.md#onboarding): one pure
 * function per snippet, the zod schemas that read pasted settings back, the rule deciding whether
 * pasted settings grant a call, and the messages verification shows when they do not.
 */
import { z } from 'zod/mini';
import { type B2CCapability, CAPABILITY } from './capabilities';
import {
  OCAPI_METHODS,
  OCAPI_RESOURCE_PATTERN,
  OCAPI_VERSION,
  WEBDAV_PATH,
  WEBDAV_PERMISSION,
} from './constants';

export type OcapiMethod = (typeof OCAPI_METHODS)[number];

export const ocapiResourceSchema = z.object({
  resource_id: z.string().check(z.startsWith('/')),
  methods: z.array(z.enum(OCAPI_METHODS)).check(z.minLength(1)),
  read_attributes: z.optional(z.string()),
  write_attributes: z.optional(z.string()),
});

export const ocapiSettingsSchema = z.object({
  _v: z.string().check(z.regex(/^\d+\.\d+$/, 'A version such as "21.10"')),
  clients: z
    .array(
      z.object({
        client_id: z.string().check(z.minLength(1)),
        allowed_origins: z.optional(z.array(z.string())),
        resources: z.array(ocapiResourceSchema),
      }),
    )
    .check(z.minLength(1)),
});
export type OcapiSettings = z.infer<typeof ocapiSettingsSchema>;

export const WEBDAV_OPERATIONS = ['read', 'read_write'] as const;
export type WebdavOperation = (typeof WEBDAV_OPERATIONS)[number];

export const webdavPermissionsSchema = z.object({
  clients: z
    .array(
      z.object({
        client_id: z.string().check(z.minLength(1)),
        permissions: z.array(
          z.object({
            path: z.string().check(z.startsWith('/')),
            operations: z.array(z.enum(WEBDAV_OPERATIONS)).check(z.minLength(1)),
          }),
        ),
      }),
    )
    .check(z.minLength(1)),
});
export type WebdavPermissions = z.infer<typeof webdavPermissionsSchema>;

function ocapiSettings(clientId: string): OcapiSettings {
  return {
    _v: OCAPI_VERSION,
    clients: [
      {
        client_id: clientId,
        resources: [
          {
            resource_id: OCAPI_RESOURCE_PATTERN,
            methods: [...OCAPI_METHODS],
            read_attributes: '(**)',
            write_attributes: '(**)',
          },
        ],
      },
    ],
  };
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Administration > Site Development > Open Commerce API Settings, type Data, context Global. */
export function ocapiDataSettingsSnippet(clientId: string): string {
  return pretty(ocapiSettings(clientId));
}

/** Administration > Site Development > Open Commerce API Settings, type Shop, context Global. */
export function ocapiShopSettingsSnippet(clientId: string): string {
  return pretty(ocapiSettings(clientId));
}

/** Administration > Organization > WebDAV Client Permissions. */
export function webdavPermissionsSnippet(clientId: string): string {
  const permissions: WebdavPermissions = {
    clients: [
      {
        client_id: clientId,
        permissions: [{ path: WEBDAV_PATH, operations: [WEBDAV_PERMISSION] }],
      },
    ],
  };
  return pretty(permissions);
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

function parseJsonWith<T>(schema: z.ZodMiniType<T>, text: string): ParseResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The settings are not valid JSON.' };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return {
    ok: false,
    error: `The settings do not match the expected shape${where}: ${issue?.message ?? 'invalid'}.`,
  };
}

export const parseOcapiSettings = (text: string) => parseJsonWith(ocapiSettingsSchema, text);
export const parseWebdavPermissions = (text: string) =>
  parseJsonWith(webdavPermissionsSchema, text);

/**
 * OCAPI resource patterns: `**` spans any number of path segments, `*` exactly one, anything else
 * matches literally.
 */
export function ocapiResourceMatches(pattern: string, resource: string): boolean {
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).test(resource);
}

/** Whether pasted OCAPI settings let `clientId` call `method` on `resource` (e.g. "/catalogs"). */
export function ocapiGrants(
  settings: OcapiSettings | null,
  clientId: string,
  resource: string,
  method: OcapiMethod,
): boolean {
  const client = settings?.clients.find((c) => c.client_id === clientId);
  return (
    client?.resources.some(
      (r) => r.methods.includes(method) && ocapiResourceMatches(r.resource_id, resource),
    ) ?? false
  );
}

/** Whether pasted WebDAV permissions let `clientId` read or write `path` (e.g. "/impex/a.txt"). */
export function webdavGrants(
  permissions: WebdavPermissions | null,
  clientId: string,
  path: string,
  operation: WebdavOperation,
): boolean {
  const client = permissions?.clients.find((c) => c.client_id === clientId);
  return (
    client?.permissions.some((p) => {
      const root = p.path.replace(/\/+$/, '');
      const under = path === root || path.startsWith(`${root}/`);
      return under && (operation === 'read' || p.operations.includes('read_write'));
    }) ?? false
  );
}

/** The Business Manager block each capability needs, as verification messages name it. */
export const SETTINGS_BLOCK_LABEL: Record<B2CCapability, string> = {
  'ocapi-data': CAPABILITY['ocapi-data'].businessManagerName,
  'ocapi-shop': CAPABILITY['ocapi-shop'].businessManagerName,
  webdav: `${CAPABILITY.webdav.businessManagerName} for ${WEBDAV_PATH}`,
};

/** The block a person pastes for each capability, for a given API client. */
/** Business Manager pages (relative to an instance's origin) where each block is pasted. */
export const BUSINESS_MANAGER_PATH: Record<B2CCapability, string> = {
  'ocapi-data': '/on/demandware.store/Sites-Site/default/ViewOCAPISettings-Show?type=data',
  'ocapi-shop': '/on/demandware.store/Sites-Site/default/ViewOCAPISettings-Show?type=shop',
  webdav: '/on/demandware.store/Sites-Site/default/ViewWebDAVClientPermissions-Show',
};

export const CAPABILITY_SNIPPET: Record<B2CCapability, (clientId: string) => string> = {
  'ocapi-data': (clientId) => ocapiDataSettingsSnippet(clientId),
  'ocapi-shop': (clientId) => ocapiShopSettingsSnippet(clientId),
  webdav: (clientId) => webdavPermissionsSnippet(clientId),
};

/** What verification tells a person to fix; the server returns these, tests quote them. */
export const VERIFY_MESSAGES = {
  badCredentials: (clientId: string) =>
    `The API client id or secret is wrong: Salesforce rejected client "${clientId}" (401). Check the client's id and secret in Account Manager.`,
  missingSettings: (capability: B2CCapability, method: string, resource: string) =>
    `${SETTINGS_BLOCK_LABEL[capability]} missing: ${method.toUpperCase()} ${resource} was refused (403). Paste the ${SETTINGS_BLOCK_LABEL[capability]} snippet in Business Manager and save.`,
  noSite: 'The instance has no storefront site to probe the OCAPI Shop API with.',
  shopNeedsDataSettings: (method: string, resource: string) =>
    `${SETTINGS_BLOCK_LABEL['ocapi-shop']} cannot be checked yet: Beacon finds the storefront site through the ${SETTINGS_BLOCK_LABEL['ocapi-data']}, and ${method.toUpperCase()} ${resource} was refused (403). Paste the ${SETTINGS_BLOCK_LABEL['ocapi-data']} snippet first, then the ${SETTINGS_BLOCK_LABEL['ocapi-shop']} snippet.`,
} as const;
