/**
 * The B2C simulator the e2e server runs in-process (B2C_SIMULATOR_PORT), reached as Beacon's own
 * client would and as a merchandiser would: a product read through OCAPI Data with the demo org's API
 * client (its token from the simulated Account Manager), a product edited "in Business Manager"
 * through the simulator's control route, and an API client an administrator creates through Account
 * Manager's own API.
 */
import { randomBytes } from 'node:crypto';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import { simulatorUserToken } from '~/simulators/b2c/simulator';
import { OCAPI_DATA_PATH } from '~/domain/instances/ocapi';
import { SEED_API_CLIENT, SEED_INSTANCES } from '~/server/seed-data';

const simulator = () => `http://127.0.0.1:${process.env.BEACON_E2E_B2C_PORT}`;
const HOST = SEED_INSTANCES.acmeProd.host;

async function token(): Promise<string> {
  const basic = Buffer.from(`${SEED_API_CLIENT.clientId}:${SEED_API_CLIENT.secret}`).toString(
    'base64',
  );
  const response = await fetch(`${simulator()}/am/dwsso/oauth2/access_token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`Account Manager answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface OcapiProductDocument {
  id: string;
  name?: Record<string, string>;
  page_title?: Record<string, string>;
  short_description?: Record<string, { markup?: string }>;
  long_description?: Record<string, { markup?: string }>;
  _resource_state?: string;
}

/** `GET /products/{id}` on the demo instance, through OCAPI Data. */
export async function ocapiProduct(id: string): Promise<OcapiProductDocument> {
  const response = await fetch(
    `${simulator()}/hosts/${HOST}${OCAPI_DATA_PATH}/products/${encodeURIComponent(id)}`,
    { headers: { authorization: `Bearer ${await token()}` } },
  );
  if (!response.ok) throw new Error(`OCAPI answered ${response.status} for ${id}`);
  return (await response.json()) as OcapiProductDocument;
}

/** A product edited on the instance, as in Business Manager (texts per locale). */
export async function editOnInstance(
  id: string,
  edit: Partial<Record<'name' | 'page_title' | 'short_description', Record<string, string>>>,
): Promise<void> {
  const response = await fetch(
    `${simulator()}/__sim/hosts/${HOST}/products/${encodeURIComponent(id)}`,
    {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(edit),
    },
  );
  if (!response.ok) throw new Error(`The simulator answered ${response.status} for ${id}`);
}

export interface OcapiContentDocument {
  id: string;
  name?: Record<string, string>;
  online?: Record<string, boolean>;
  c_body?: Record<string, { markup?: string }>;
}

/** `GET /libraries/{library}/content/{id}` on the demo instance, or null when it has no such asset. */
export async function ocapiContent(
  library: string,
  id: string,
): Promise<OcapiContentDocument | null> {
  const response = await fetch(
    `${simulator()}/hosts/${HOST}${OCAPI_DATA_PATH}/libraries/${encodeURIComponent(library)}/content/${encodeURIComponent(id)}`,
    { headers: { authorization: `Bearer ${await token()}` } },
  );
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`OCAPI answered ${response.status} for ${library}/${id}`);
  return (await response.json()) as OcapiContentDocument;
}

/** A person's Account Manager access token, through the sign-in page and the code flow (PKCE). */
const personToken = (login: string) => simulatorUserToken(`${simulator()}/am`, login);

/**
 * An API client for OCAPI created in Account Manager by `login` (an Account or API Administrator), as
 * onboarding tells someone without the role to have it created: named Beacon, in that person's
 * organization, no roles, client_secret_basic, active. Its id and secret, to paste.
 */
export async function createApiClientInAccountManager(
  login: string,
): Promise<{ clientId: string; secret: string }> {
  const rest = `${simulator()}/am/dw/rest/v1`;
  const headers = { authorization: `Bearer ${await personToken(login)}` };
  const me = await fetch(`${rest}/users/current`, { headers });
  if (!me.ok) throw new Error(`Account Manager answered ${me.status} for the current user`);
  const { primaryOrganization } = (await me.json()) as { primaryOrganization: string };
  const secret = `e2e-${randomBytes(12).toString('base64url')}`;
  const created = await fetch(`${rest}/apiclients`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: API_CLIENT_NAME,
      organizations: [primaryOrganization],
      password: secret,
      tokenEndpointAuthMethod: 'client_secret_basic',
      active: true,
    }),
  });
  if (created.status !== 201) {
    throw new Error(`Account Manager answered ${created.status} creating an API client`);
  }
  return { clientId: ((await created.json()) as { id: string }).id, secret };
}

/** How often the AI simulator's shopping answers misstate the storefront product (0 to 1 each). */
export async function setMisstatements(rates: { price: number; discontinued: number }) {
  const response = await fetch(
    `http://127.0.0.1:${process.env.BEACON_E2E_AI_PORT}/__sim/misstatements`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rates),
    },
  );
  if (!response.ok) throw new Error(`The AI simulator refused the rates: ${response.status}`);
}

/** How often the AI simulator's shopping answers name the storefront's product (1 as modelled, 0 never). */
export async function setVisibility(share: number) {
  const response = await fetch(
    `http://127.0.0.1:${process.env.BEACON_E2E_AI_PORT}/__sim/visibility`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ share }),
    },
  );
  if (!response.ok) throw new Error(`The AI simulator refused the visibility: ${response.status}`);
}
