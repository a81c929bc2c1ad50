// oidc-provider 9 ships no types (and @types/oidc-provider lags): the small surface the dev IdP uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface OidcSession {
    accountId?: string;
    grantIdFor(clientId: string, value?: string): string | undefined;
    ensureClientContainer(clientId: string): void;
  }

  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: {
      session?: OidcSession;
      client?: { clientId: string };
      provider: Provider;
      result?: { consent?: { grantId?: string } };
    };
  }

  export interface Interaction {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string };
    session?: { accountId?: string };
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: unknown[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    scopes?: string[];
    features?: Record<string, unknown>;
    conformIdTokenClaims?: boolean;
    interactions?: { url(ctx: KoaContextWithOIDC, interaction: Interaction): string };
    findAccount?(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
    ttl?: Record<string, number>;
    renderError?(
      ctx: KoaContextWithOIDC,
      out: { error: string; error_description?: string },
      error: unknown,
    ): void | Promise<void>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: {
      new (init: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    Client: { find(id: string): Promise<{ clientId: string; clientName?: string } | undefined> };
    on(event: string, listener: (ctx: unknown, err: unknown) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
