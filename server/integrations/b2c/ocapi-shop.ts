/**
 * OCAPI Shop API: the storefront site document, the public probe of Shop settings. A guest call: the
 * client id only, no token (the Shop API takes a customer's JWT or none; ADR 0042).
 */
import { ocapiShopPath, type ShopSite, shopSiteSchema } from '~/domain/instances/ocapi';
import type { B2CCallContext } from './errors';
import { type HttpClient, parseBody } from './http';

export { shopSiteSchema };
export type { ShopSite };

export interface OcapiShopClient {
  getSite(siteId: string): Promise<ShopSite>;
}

export function createOcapiShopClient(options: {
  http: HttpClient;
  baseUrl: string;
  clientId: string;
}): OcapiShopClient {
  return {
    async getSite(siteId) {
      const call: B2CCallContext = { api: 'ocapi-shop', method: 'GET', resource: '/site' };
      const url = `${options.baseUrl}${ocapiShopPath(siteId)}/site?${new URLSearchParams({ client_id: options.clientId })}`;
      return parseBody(await options.http({ call, url }), call, shopSiteSchema);
    },
  };
}
