/**
 * The development identity provider: one oidc-provider issuer on loopback that stands in for both
 * Salesforce and Google when their client ids are not configured. Its sign-in page lists the demo
 * users; a person picks one and continues, no password. Someone new (an address Beacon has never
 * seen, as every visitor is on a deployment's first day) can be typed in; the IdP remembers them until
 * it stops. It refuses to run in production.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { DEV_IDP_CLIENTS, type DevIdpClientName } from '~/domain/dev/idp-clients';

export { DEV_IDP_CLIENTS, type DevIdpClientName } from '~/domain/dev/idp-clients';

export interface DevIdpUser {
  email: string;
  name: string | null;
  isSuperUser: boolean;
}

export interface DevIdpOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** The people shown on the sign-in page (the seeded demo users). */
  listUsers: () => Promise<DevIdpUser[]>;
  /** Where the app's callbacks live; loopback redirect URIs accept any port (RFC 8252). */
  callbackBase?: string;
  onError?: (err: unknown) => void;
}

export interface DevIdp {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

const SCOPE = 'openid email profile';
/** A typed address: something@something.tld, without spaces; at most 254 characters. */
const NEWCOMER_EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The development identity provider refuses to start when NODE_ENV=production.');
  }
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;
  const callbackBase = options.callbackBase ?? 'http://127.0.0.1/api/auth/callback';
  const localhostBase = callbackBase.replace('//127.0.0.1', '//localhost');

  /** People typed in on the sign-in page, by lower-cased address: they have no row in Beacon yet. */
  const newcomers = new Map<string, DevIdpUser>();

  async function findUser(email: string): Promise<DevIdpUser | undefined> {
    const users = await options.listUsers();
    return (
      users.find((u) => u.email.toLowerCase() === email.toLowerCase()) ??
      newcomers.get(email.toLowerCase())
    );
  }

  /** A listed user, or someone new with a well-formed address (remembered from now on). */
  async function userFor(email: string, typed: boolean): Promise<DevIdpUser | undefined> {
    const known = await findUser(email);
    if (known || !typed) return known;
    const address = email.trim().toLowerCase();
    if (address.length > 254 || !NEWCOMER_EMAIL.test(address)) return undefined;
    const newcomer = { email: address, name: null, isSuperUser: false };
    newcomers.set(address, newcomer);
    return newcomer;
  }

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'dev', alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: (Object.keys(DEV_IDP_CLIENTS) as DevIdpClientName[]).map((name) => ({
      client_id: DEV_IDP_CLIENTS[name].clientId,
      client_secret: DEV_IDP_CLIENTS[name].clientSecret,
      client_name: DEV_IDP_CLIENTS[name].label,
      application_type: 'native',
      redirect_uris: [`${callbackBase}/${name}`, `${localhostBase}/${name}`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = await findUser(sub);
      if (!user) return undefined;
      return {
        accountId: user.email,
        async claims() {
          return {
            sub: user.email,
            email: user.email,
            email_verified: true,
            name: user.name ?? user.email,
          };
        },
      };
    },
    ttl: { Session: 60, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<p>${escapeHtml(out.error)}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, err) => options.onError?.(err));
  const oidc = provider.callback();

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      oidc(req, res);
      return;
    }
    const handle = match[2] ? login : showPicker;
    handle(req, res).catch((err: unknown) => {
      options.onError?.(err);
      if (!res.headersSent) {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          page(
            'Sign-in expired',
            '<p>This sign-in expired. Go back to Beacon and start again.</p>',
          ),
        );
      }
    });
  });

  async function showPicker(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    // First-party clients: consent is implied (native clients always ask for it), so grant and go on.
    if (details.prompt.name === 'consent' && details.session?.accountId) {
      const grant = new provider.Grant({
        clientId: String(details.params.client_id),
        accountId: details.session.accountId,
      });
      grant.addOIDCScope(SCOPE);
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    const client = await provider.Client.find(String(details.params.client_id ?? ''));
    const label = client?.clientName ?? 'the provider';
    const users = await options.listUsers();
    const buttons = users
      .map(
        (u) =>
          `<li><button type="submit" name="email" value="${escapeHtml(u.email)}">` +
          `<strong>${escapeHtml(u.email)}</strong>` +
          `<span>${escapeHtml(u.name ?? '')}${u.isSuperUser ? ' · superuser' : ' · member'}</span></button></li>`,
      )
      .join('');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(
      page(
        `Sign in with ${label} (development)`,
        `<p>Development identity provider standing in for <b>${escapeHtml(label)}</b>. Pick a demo user; no password is needed.</p>
<form method="post" action="/interaction/${escapeHtml(details.uid)}/login"><ul>${buttons || '<li>No users yet: seed the database.</li>'}</ul></form>
<h2>Someone new</h2>
<form method="post" action="/interaction/${escapeHtml(details.uid)}/login">
<label for="new-email">E-mail address</label>
<input id="new-email" name="email" type="email" required maxlength="254" autocomplete="off">
<input type="hidden" name="new" value="1">
<button type="submit">Sign in as someone new</button></form>`,
      ),
    );
  }

  async function login(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') throw new Error('login expects POST');
    const body = new URLSearchParams(await readBody(req));
    const email = body.get('email') ?? '';
    const user = await userFor(email, body.get('new') === '1');
    if (!user) {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        page(
          'Unknown user',
          '<p>Pick one of the listed demo users, or type a whole e-mail address.</p>',
        ),
      );
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.email } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style>
body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111}
ul{list-style:none;padding:0}li{margin:.5rem 0}
button{width:100%;text-align:left;padding:.75rem 1rem;border:1px solid #ccc;border-radius:.5rem;background:#fff;cursor:pointer;font:inherit}
h2{font-size:1rem;margin-top:2rem}label{display:block;margin:.5rem 0 .25rem}
input[type=email]{box-sizing:border-box;width:100%;padding:.75rem 1rem;border:1px solid #ccc;border-radius:.5rem;font:inherit;margin-bottom:.5rem}
button:hover,button:focus{border-color:#111}button span{display:block;color:#555;font-size:.875rem}
</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
