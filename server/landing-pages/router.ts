/** Landing pages and their saved themes: every procedure is for superusers only (docs/product.md#landing-pages). */
import {
  createLandingPageInput,
  contentLibraryInput,
  landingPageInput,
  landingPagesListInput,
  setContentLibraryInput,
  saveThemeInput,
  themesListInput,
  updateLandingPageInput,
} from '~/domain/landing-pages/inputs';
import {
  createTRPCRouter,
  superuserEnvProcedure,
  superuserEnvQuery,
  superuserProcedure,
  superuserQuery,
} from '~/server/trpc/trpc';

export const landingPagesRouter = createTRPCRouter({
  list: superuserEnvQuery('landingPages')
    .input(landingPagesListInput)
    .query(({ ctx, input }) =>
      ctx.services.landingPages.list(input.orgId, input.envId, input.page),
    ),
  get: superuserEnvQuery('landingPages')
    .input(landingPageInput)
    .query(({ ctx, input }) =>
      ctx.services.landingPages.get(input.orgId, input.envId, input.pageId),
    ),
  create: superuserEnvProcedure('landingPages')
    .input(createLandingPageInput)
    .mutation(({ ctx, input }) => {
      const { orgId, envId, ...fields } = input;
      return ctx.services.landingPages.create(orgId, envId, ctx.user.id, fields);
    }),
  /** A published page edited stays published, marked as having unpublished changes. */
  update: superuserEnvProcedure('landingPages')
    .input(updateLandingPageInput)
    .mutation(({ ctx, input }) => {
      const { orgId, envId, pageId, ...fields } = input;
      return ctx.services.landingPages.update(orgId, envId, ctx.user.id, pageId, fields);
    }),
  /** Refused while published: unpublish first. */
  delete: superuserEnvProcedure('landingPages')
    .input(landingPageInput)
    .mutation(({ ctx, input }) =>
      ctx.services.landingPages.delete(input.orgId, input.envId, input.pageId),
    ),
  publish: superuserEnvProcedure('landingPages')
    .meta({ limit: 'instance' })
    .input(landingPageInput)
    .mutation(({ ctx, input }) =>
      ctx.services.landingPages.publish(input.orgId, input.envId, ctx.user.id, input.pageId),
    ),
  unpublish: superuserEnvProcedure('landingPages')
    .meta({ limit: 'instance' })
    .input(landingPageInput)
    .mutation(({ ctx, input }) =>
      ctx.services.landingPages.unpublish(input.orgId, input.envId, ctx.user.id, input.pageId),
    ),
  /** Where pages publish: a shared library's id, or null for the site's own. */
  contentLibrary: superuserEnvQuery('landingPages')
    .input(contentLibraryInput)
    .query(({ ctx, input }) => ctx.services.landingPages.contentLibrary(input.orgId, input.envId)),
  setContentLibrary: superuserEnvProcedure('landingPages')
    .input(setContentLibraryInput)
    .mutation(({ ctx, input }) =>
      ctx.services.landingPages.setContentLibrary(input.orgId, input.envId, input.libraryId),
    ),
  themes: superuserQuery
    .input(themesListInput)
    .query(({ ctx, input }) => ctx.services.landingPages.themes(input.orgId)),
  saveTheme: superuserProcedure
    .input(saveThemeInput)
    .mutation(({ ctx, input }) =>
      ctx.services.landingPages.saveTheme(input.orgId, ctx.user.id, input.name, input.theme),
    ),
});

/** The landing pages area's routers, as the root router mounts them. */
export const landingPagesRouters = { landingPages: landingPagesRouter };
