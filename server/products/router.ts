/** The Products area: the env's catalogue copy and its sync; every procedure is org-scoped. */
import {
  envCatalogueInput,
  productFiltersInput,
  productInput,
  syncNowInput,
} from '~/domain/products/inputs';
import { createTRPCRouter, envProcedure, envQuery } from '~/server/trpc/trpc';

export const productsRouter = createTRPCRouter({
  list: envQuery('products', 'landingPages')
    .input(productFiltersInput)
    .query(({ ctx, input }) => ctx.services.products.list(input.orgId, input)),
  facets: envQuery('products', 'agents', 'landingPages')
    .input(envCatalogueInput)
    .query(({ ctx, input }) => ctx.services.products.facets(input.orgId, input.envId)),
  get: envQuery('products', 'landingPages')
    .input(productInput)
    .query(({ ctx, input }) =>
      ctx.services.products.get(input.orgId, input.envId, input.b2cProductId),
    ),
  refresh: envProcedure('products')
    .meta({ limit: 'instance' })
    .input(productInput)
    .mutation(({ ctx, input }) =>
      ctx.services.products.refresh(input.orgId, input.envId, input.b2cProductId),
    ),
  syncState: envQuery('products')
    .input(envCatalogueInput)
    .query(({ ctx, input }) => ctx.services.products.syncState(input.orgId, input.envId)),
  syncNow: envProcedure('products')
    .meta({ limit: 'instance' })
    .input(syncNowInput)
    .mutation(({ ctx, input }) =>
      ctx.services.products.syncNow(input.orgId, input.envId, { full: input.full }),
    ),
});

export const productsRouters = { products: productsRouter };
