/**
 * Control routes beside `/__sim/faults`, for tests and end-to-end runs that need the catalogue to
 * change under Beacon: a product edited as in Business Manager (any field an agent proposes; the edit
 * moves its last_modified and `_resource_state`), or deleted; and the live storefronts a crawler
 * (the AI simulator) reads through the Shop API.
 */
import express, { type Response } from 'express';
import { z } from 'zod';
import { editProduct, removeProduct, type SimInstanceData } from './data';
import { sendFault } from './ocapi-data-routes';

const localizedText = z.record(z.string(), z.string().nullable());
const productEditSchema = z
  .object({
    name: localizedText.optional(),
    page_title: localizedText.optional(),
    page_description: localizedText.optional(),
    page_keywords: localizedText.optional(),
    // Markup, stored as OCAPI's PATCH stores it.
    short_description: localizedText.optional(),
    long_description: localizedText.optional(),
    online: z.record(z.string(), z.boolean().nullable()).optional(),
  })
  .strict();

/** `dataOf` answers the instance data for a host, or null when there is no such instance. */
export function simProductRoutes(dataOf: (host: string) => SimInstanceData | null): express.Router {
  const router = express.Router();

  const find = (res: Response, host: string, id: string) => {
    const data = dataOf(host);
    if (!data) {
      res.status(404).json({ error: `No simulated instance at host '${host}'` });
      return null;
    }
    const product = data.productsById.get(id);
    if (!product) {
      sendFault(res, 404, 'ProductNotFoundException', `No product with ID '${id}' was found.`, {
        productId: id,
      });
      return null;
    }
    return { data, product };
  };

  router.patch('/hosts/:host/products/:id', express.json(), (req, res) => {
    const found = find(res, req.params.host, req.params.id);
    if (!found) return;
    const edit = productEditSchema.safeParse(req.body);
    if (!edit.success) {
      res.status(400).json({ error: z.prettifyError(edit.error) });
      return;
    }
    editProduct(found.data, found.product, edit.data);
    res.json(found.product);
  });

  router.delete('/hosts/:host/products/:id', (req, res) => {
    const found = find(res, req.params.host, req.params.id);
    if (!found) return;
    removeProduct(found.data, found.product.id);
    res.status(204).end();
  });

  return router;
}

/** A site a crawler can read through the Shop API, and the client id it reads with. */
export interface SimStorefront {
  host: string;
  siteId: string;
  siteName: string;
  clientId: string;
}

/**
 * `GET /storefronts`: the live storefronts, each with the base URL its Shop API answers under (this
 * simulator's origin as the caller reached it).
 */
export function simStorefrontRoutes(storefronts: () => SimStorefront[]): express.Router {
  const router = express.Router();
  router.get('/storefronts', (req, res) => {
    const origin = `${req.protocol}://${req.get('host') ?? ''}`;
    res.json(
      storefronts().map((s) => ({
        host: s.host,
        baseUrl: `${origin}/hosts/${s.host}`,
        siteId: s.siteId,
        siteName: s.siteName,
        clientId: s.clientId,
      })),
    );
  });
  return router;
}
