/** OCAPI Shop API v21_10: the storefront site document, the public probe of Shop settings. */
import { z } from 'zod';
import { type TokenSource, withBearer } from './account-manager';
import type { B2CCallContext } from './errors';
import { type HttpClient, parseBody } from './http';

export const shopSiteSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  default_currency: z.string().optional(),
  default_locale: z.string().optional(),
  status: z.string().optional(),
});
export type ShopSite = z.infer<typeof shopSiteSchema>;

export interface OcapiShopClient {
  getSite(siteId: string): Promise<ShopSite>;
}

export function createOcapiShopClient(options: {
  http: HttpClient;
  baseUrl: string;
  clientId: string;
  /** When given, calls carry the client's token too, so a wrong secret shows up here as well. */
  tokens?: TokenSource;
}): OcapiShopClient {
  return {
    async getSite(siteId) {
      const call: B2CCallContext = { api: 'ocapi-shop', method: 'GET', resource: '/site' };
      const url = `${options.baseUrl}/s/${encodeURIComponent(siteId)}/dw/shop/v21_10/site?${new URLSearchParams({ client_id: options.clientId })}`;
      const send = (token: string | null) =>
        options.http({
          call,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const response = options.tokens ? await withBearer(options.tokens, send) : await send(null);
      return parseBody(response, call, shopSiteSchema);
    },
  };
}
