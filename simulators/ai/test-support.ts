/**
 * The B2C simulator with one live storefront (its Shop API open to a crawler client) and an AI
 * simulator whose shopping answers read it: what the storefront and web search tests start from.
 */
import { ocapiShopSettingsSnippet, parseOcapiSettings } from '~/domain/instances/snippets';
import { SIM_SITE_ID, type SimProduct, simPriceOf } from '~/simulators/b2c/data';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c/simulator';
import { type AiSimulator, createAiSimulator } from './simulator';

export const STOREFRONT_HOST = 'zzte-001.dx.commercecloud.salesforce.com';
const CRAWLER_CLIENT = 'crawler-client';

export async function startStorefrontSimulators(): Promise<{ b2c: B2CSimulator; ai: AiSimulator }> {
  const b2c = await createB2CSimulator({ seed: 7 });
  b2c.apiClients.set(CRAWLER_CLIENT, {
    id: CRAWLER_CLIENT,
    name: 'Crawler',
    secret: 'secret',
    organizations: [],
    active: true,
  });
  const settings = parseOcapiSettings(ocapiShopSettingsSnippet(CRAWLER_CLIENT));
  if (!settings.ok) throw new Error(settings.error);
  b2c.instance(STOREFRONT_HOST).settings.ocapiShop = settings.value;
  const ai = await createAiSimulator({ storefronts: b2c.url });
  return { b2c, ai };
}

/** The storefront instance's products, their prices and the site they are priced for, as a sync reads them. */
export function storefrontCatalogue(b2c: B2CSimulator) {
  const data = b2c.instance(STOREFRONT_HOST).data();
  return {
    products: data.products,
    priceOf: (p: SimProduct) => simPriceOf(data, p),
    priceSiteId: SIM_SITE_ID,
  };
}
