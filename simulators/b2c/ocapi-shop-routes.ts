/**
 * The OCAPI Shop API on an instance, as a guest shopper's client calls it (`/s/{site}/dw/shop/...`):
 * the site, keyword product search and products, what the instance's Shop settings grant (ADR 0042).
 */
import express, { type Request, type Response } from 'express';
import {
  OCAPI_API_VERSION,
  OCAPI_DOCUMENT_VERSION as OCAPI_VERSION,
} from '~/domain/instances/ocapi';
import { ocapiGrants } from '~/domain/instances/snippets';
import {
  categoryAssignmentsOf,
  type Localized,
  type SimInstanceData,
  type SimProduct,
  simPriceOf,
} from './data';
import { currentInstance } from './instance';
import { paging, refuseOtherVersions, sendFault } from './ocapi-data-routes';

/** A localized value as the Shop API serves it: the locale's, else the default. */
const inLocale = <T>(value: Localized<T>, locale: string): T | undefined =>
  value[locale] ?? value.default;

type SimSite = SimInstanceData['sites'][number];

/**
 * Whether a shopper of `site` meets the product: online in the locale and assigned to an online
 * category of the site's storefront catalog (a variant through its master).
 */
function shopperCanBuy(data: SimInstanceData, site: SimSite, p: SimProduct, locale: string) {
  if (inLocale(p.online, locale) === false) return false;
  return categoryAssignmentsOf(p).some(
    (a) =>
      a.catalogId === site.storefrontCatalogId &&
      data.categories.some((c) => c.catalogId === a.catalogId && c.id === a.categoryId && c.online),
  );
}

/** Search words: lower case, plural endings dropped ("dresses" and "dress", "bags" and "bag" meet). */
function searchStems(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => {
      if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
      if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
      if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
      return word;
    });
}

/**
 * The Shop API's keyword search: the products a shopper sees (masters and standalone items, not
 * variants) whose name in the locale, or the name of a category they are in, holds a query word of
 * three letters or more; most words matched first, then by id.
 */
function shopSearch(data: SimInstanceData, site: SimSite, query: string, locale: string) {
  const words = new Set(
    searchStems(query).filter((w) => [...w].filter((ch) => /\p{L}/u.test(ch)).length >= 3),
  );
  if (words.size === 0) return [];
  const categories = new Map(
    data.categories.filter((c) => c.catalogId === site.storefrontCatalogId).map((c) => [c.id, c]),
  );
  const categoryText = (id: string) => {
    const names: string[] = [];
    for (let c = categories.get(id); c && c.parentId; c = categories.get(c.parentId)) {
      names.push(inLocale(c.name, locale) ?? '');
    }
    return names.join(' ');
  };
  const rows: { p: SimProduct; matched: number }[] = [];
  for (const p of data.products) {
    if (p.type !== 'master' && p.type !== 'item') continue;
    if (!shopperCanBuy(data, site, p, locale)) continue;
    const text = [
      inLocale(p.name, locale) ?? '',
      ...categoryAssignmentsOf(p).map((a) => categoryText(a.categoryId)),
    ].join(' ');
    const stems = new Set(searchStems(text));
    let matched = 0;
    for (const w of words) if (stems.has(w)) matched += 1;
    if (matched > 0) rows.push({ p, matched });
  }
  rows.sort((a, b) => b.matched - a.matched || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0));
  return rows.map((r) => r.p);
}

/** Mounted on an instance's router; `knownClient` is Account Manager's. */
export function ocapiShopRouter(accountManager: {
  knownClient(clientId: string): boolean;
}): express.Router {
  const { knownClient } = accountManager;
  const router = express.Router();

  /**
   * The Shop API's checks, shared by its routes: a client id (query or header) Account Manager knows,
   * a bearer token (when sent) of that same client, the instance's Shop settings granting it `GET
   * resource`, and the site. Sends the fault and answers null when one fails.
   */
  const shopCall = (req: Request, res: Response, resource: string) => {
    const instance = currentInstance(res);
    const clientId =
      typeof req.query.client_id === 'string' ? req.query.client_id : req.get('x-dw-client-id');
    if (!clientId) {
      sendFault(res, 400, 'MissingClientIdException', 'The request is missing a client_id.');
      return null;
    }
    if (!knownClient(clientId)) {
      sendFault(res, 401, 'InvalidClientIdException', `The client_id '${clientId}' is unknown.`, {
        clientId,
      });
      return null;
    }
    // Guest calls carry no token; a shopper's is a customer JWT, which the simulator does not issue.
    // An Account Manager token is not one (ADR 0042).
    if (req.headers.authorization) {
      sendFault(
        res,
        401,
        'InvalidAccessTokenException',
        'The access token is not a customer token of this site.',
      );
      return null;
    }
    if (!ocapiGrants(instance.settings.ocapiShop, clientId, resource, 'get')) {
      sendFault(
        res,
        403,
        'ClientAccessForbiddenException',
        `Access to resource 'GET ${resource}' is not allowed for the current client.`,
        { method: 'GET', resource, clientId },
      );
      return null;
    }
    const data = instance.data();
    const site = data.sites.find((s) => s.id === req.params.site);
    if (!site) {
      sendFault(
        res,
        404,
        'SiteNotFoundException',
        `No site with ID '${String(req.params.site)}' was found.`,
      );
      return null;
    }
    const locale = typeof req.query.locale === 'string' ? req.query.locale : 'default';
    return { instance, clientId, data, site, locale };
  };

  router.use('/s/:site/dw/shop/:version', refuseOtherVersions);
  router.get('/s/:site/dw/shop/:version/site', (req, res) => {
    const call = shopCall(req, res, '/site');
    if (!call) return;
    const { site } = call;
    res.json({
      _v: OCAPI_VERSION,
      _type: 'site',
      id: site.id,
      name: site.name,
      default_currency: site.currency,
      default_locale: 'default',
      allowed_locales: ['default', 'en-US', 'fr-FR', 'de-DE'],
      allowed_currencies: [site.currency],
      status: 'online',
    });
  });

  router.get('/s/:site/dw/shop/:version/product_search', (req, res) => {
    const call = shopCall(req, res, '/product_search');
    if (!call) return;
    const page = paging(req, res);
    if (!page) return;
    const { start, count } = page;
    const query = typeof req.query.q === 'string' ? req.query.q : '';
    const hits = shopSearch(call.data, call.site, query, call.locale);
    const link = `${req.protocol}://${req.get('host') ?? ''}${req.baseUrl}/s/${call.site.id}/dw/shop/${OCAPI_API_VERSION}/products/`;
    res.json({
      _v: OCAPI_VERSION,
      _type: 'product_search_result',
      count: Math.max(0, Math.min(count, hits.length - start)),
      start,
      total: hits.length,
      query,
      hits: hits.slice(start, start + count).map((p) => ({
        _type: 'product_search_hit',
        product_id: p.id,
        product_name: inLocale(p.name, call.locale) ?? '',
        link: `${link}${encodeURIComponent(p.id)}`,
      })),
    });
  });

  router.get('/s/:site/dw/shop/:version/products/:ids', (req, res) => {
    const raw = String(req.params.ids);
    const call = shopCall(req, res, `/products/${raw}`);
    if (!call) return;
    const { data, site, locale } = call;
    // `(id1,id2,...)` asks for several; a bare id for one.
    const list = /^\((.*)\)$/.exec(raw);
    const ids = list ? (list[1] ?? '').split(',').filter(Boolean) : [raw];
    const found = ids.flatMap((id) => {
      const product = data.productsById.get(id);
      return product && shopperCanBuy(data, site, product, locale) ? [product] : [];
    });
    // `expand=prices`: the site's sales price and currency, as a shopper of the site sees them.
    const expand = String(req.query.expand ?? '').split(',');
    const prices = expand.includes('prices');
    const document = (p: SimProduct) => ({
      _type: 'product',
      id: p.id,
      name: inLocale(p.name, locale),
      short_description: inLocale(p.short_description, locale)?.markup,
      long_description: inLocale(p.long_description, locale)?.markup,
      page_title: inLocale(p.page_title, locale),
      page_description: inLocale(p.page_description, locale),
      ...(prices ? { price: simPriceOf(data, p), currency: site.currency } : {}),
    });
    if (!list) {
      const product = found[0];
      if (!product) {
        sendFault(res, 404, 'ProductNotFoundException', `No product with ID '${raw}' was found.`, {
          productId: raw,
        });
        return;
      }
      res.json({ _v: OCAPI_VERSION, ...document(product) });
      return;
    }
    res.json({
      _v: OCAPI_VERSION,
      _type: 'products_result',
      count: found.length,
      data: found.map(document),
    });
  });
  return router;
}
