/**
 * The On-Demand Sandbox API (`https://admin.dx.commercecloud.salesforce.com/api/v1`, ods-api-v1.json):
 * who the token's principal is, and the sandboxes it may reach, each with its host name. Needs an
 * Account Manager token whose principal holds the Sandbox API User role (403 otherwise).
 */
import { z } from 'zod';
import { type TokenSource, withBearer } from './account-manager';
import type { B2CCallContext } from './errors';
import { type HttpClient, parseBody } from './http';

export const DEFAULT_SANDBOX_API_URL = 'https://admin.dx.commercecloud.salesforce.com';
const API_ROOT = '/api/v1';

const meSchema = z.object({
  data: z.object({
    user: z.object({ id: z.string(), email: z.string().optional() }).optional(),
    client: z.object({ id: z.string() }).optional(),
    roles: z.array(z.string()).default([]),
    realms: z.array(z.string()).default([]),
    sandboxes: z.array(z.string()).default([]),
  }),
});
export type SandboxApiPrincipal = z.infer<typeof meSchema>['data'];

const sandboxSchema = z.object({
  id: z.string(),
  realm: z.string(),
  instance: z.string(),
  hostName: z.string(),
  state: z.string().optional(),
});
export type Sandbox = z.infer<typeof sandboxSchema>;

export interface SandboxApiClient {
  me(auth: TokenSource): Promise<SandboxApiPrincipal>;
  /** Every sandbox of the realms (or the single sandboxes) the principal's tenant filter names. */
  listSandboxes(auth: TokenSource): Promise<Sandbox[]>;
}

export function createSandboxApiClient(options: {
  http: HttpClient;
  /** Origin, e.g. "https://admin.dx.commercecloud.salesforce.com" or the simulator's `${url}/ods`. */
  sandboxApiUrl: string;
}): SandboxApiClient {
  const get = async <T>(auth: TokenSource, resource: string, schema: z.ZodType<T>) => {
    const call: B2CCallContext = { api: 'sandbox-api', method: 'GET', resource };
    const response = await withBearer(auth, (token) =>
      options.http({
        call,
        url: `${options.sandboxApiUrl}${API_ROOT}${resource}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    return parseBody(response, call, schema);
  };
  return {
    me: async (auth) => (await get(auth, '/me', meSchema)).data,
    listSandboxes: async (auth) =>
      (await get(auth, '/sandboxes', z.object({ data: z.array(sandboxSchema) }))).data,
  };
}
