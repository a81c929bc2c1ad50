/**
 * Landing pages: drafts kept per env, published to the env's B2C instance as a content asset in the
 * site's library through OCAPI Data (rendered from the page's data, escaped), and unpublished again.
 * A published page that is edited keeps its status and is marked `hasUnpublishedChanges` until it is
 * published again: the storefront keeps showing the last published version meanwhile.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { CONTENT_BODY_ATTRIBUTE } from '~/domain/instances/ocapi';
import { VERIFY_MESSAGES } from '~/domain/instances/snippets';
import {
  contentAssetId,
  type LandingPage,
  type LandingPageFields,
  type LandingPagesPage,
} from '~/domain/landing-pages/entities';
import { LANDING_PAGE_MESSAGES } from '~/domain/landing-pages/messages';
import { renderLandingPage } from '~/domain/landing-pages/render';
import { LANDING_PAGES_PAGE_SIZE } from '~/domain/landing-pages/search';
import { DomainError } from '~/domain/shared/errors';
import type { DesignerTheme } from '~/domain/theme-designer/theme-designer';
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import { catalogProducts, envs, landingPages, landingPageThemes } from '~/server/db/schema';
import {
  B2CAuthError,
  B2CHostNotAllowedError,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
  B2CUnavailableError,
} from '~/server/integrations/b2c/errors';
import type { B2CInstanceClients } from '~/server/integrations/b2c/gateway';
import type { OcapiDataClient } from '~/server/integrations/b2c/ocapi-data';

export interface SavedTheme {
  id: string;
  name: string;
  theme: DesignerTheme;
  updatedAt: Date;
}

export interface LandingPagesService {
  list(orgId: string, envId: string, page: number): Promise<LandingPagesPage>;
  get(orgId: string, envId: string, pageId: string): Promise<LandingPage>;
  create(
    orgId: string,
    envId: string,
    userId: string,
    fields: LandingPageFields,
  ): Promise<LandingPage>;
  update(
    orgId: string,
    envId: string,
    userId: string,
    pageId: string,
    fields: LandingPageFields,
  ): Promise<LandingPage>;
  delete(orgId: string, envId: string, pageId: string): Promise<void>;
  publish(orgId: string, envId: string, userId: string, pageId: string): Promise<LandingPage>;
  unpublish(orgId: string, envId: string, userId: string, pageId: string): Promise<LandingPage>;
  themes(orgId: string): Promise<SavedTheme[]>;
  /** The env's content library: a shared library's id, or null for the site's own. */
  contentLibrary(orgId: string, envId: string): Promise<{ libraryId: string | null }>;
  setContentLibrary(
    orgId: string,
    envId: string,
    libraryId: string | null,
  ): Promise<{ libraryId: string | null }>;
  saveTheme(orgId: string, userId: string, name: string, theme: DesignerTheme): Promise<SavedTheme>;
}

export interface LandingPagesServiceDeps {
  db: Db;
  clientsForEnv: (orgId: string, envId: string) => Promise<B2CInstanceClients>;
}

type Row = typeof landingPages.$inferSelect;

function toPage(row: Row): LandingPage {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    locale: row.locale,
    themeId: row.themeId,
    sections: row.sections,
    status: row.status,
    hasUnpublishedChanges: row.hasUnpublishedChanges,
    publishedAt: row.publishedAt,
    publishedAssetId: row.publishedAssetId,
    publishedLibraryId: row.publishedLibraryId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A B2C failure in plain words, as the review queue's publish words them. */
function b2cFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof B2CAuthError)
    return new DomainError('UNAVAILABLE', LANDING_PAGE_MESSAGES.credentials);
  if (error instanceof B2CPermissionError) {
    return new DomainError(
      'FORBIDDEN',
      VERIFY_MESSAGES.missingSettings('ocapi-data', error.call.method, error.call.resource),
    );
  }
  if (error instanceof B2CUnavailableError) {
    return new DomainError(
      'UNAVAILABLE',
      LANDING_PAGE_MESSAGES.unavailable(error.status ? `HTTP ${error.status}` : null),
    );
  }
  if (error instanceof B2CRequestError && error.status === 429) {
    return new DomainError('UNAVAILABLE', LANDING_PAGE_MESSAGES.unavailable('HTTP 429'));
  }
  if (error instanceof B2CRequestError) {
    return new DomainError(
      'INVALID',
      LANDING_PAGE_MESSAGES.refused(error.faultMessage ?? `HTTP ${error.status}`),
    );
  }
  if (error instanceof B2CNotFoundError || error instanceof B2CHostNotAllowedError) {
    return new DomainError('INVALID', LANDING_PAGE_MESSAGES.refused(error.message));
  }
  throw error;
}

export function createLandingPagesService({
  db,
  clientsForEnv,
}: LandingPagesServiceDeps): LandingPagesService {
  /** The env's row; its org was checked once, by the env guard (server/trpc/trpc.ts). */
  async function envRow(envId: string) {
    const [env] = await db
      .select({
        id: envs.id,
        b2cInstanceId: envs.b2cInstanceId,
        contentLibraryId: envs.contentLibraryId,
      })
      .from(envs)
      .where(eq(envs.id, envId));
    if (!env) throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.envNotInOrg, 'env-not-in-org');
    return env;
  }

  /** The shared library the env names, or null for the site's own. */
  const sharedLibraryOf = async (envId: string) => (await envRow(envId)).contentLibraryId;

  async function row(envId: string, pageId: string): Promise<Row> {
    const [found] = await db
      .select()
      .from(landingPages)
      .where(and(eq(landingPages.envId, envId), eq(landingPages.id, pageId)));
    if (!found) {
      throw new DomainError('NOT_FOUND', LANDING_PAGE_MESSAGES.notFound, 'landing-page-not-found');
    }
    return found;
  }

  async function requireTheme(orgId: string, themeId: string | null) {
    if (!themeId) return null;
    const [theme] = await db
      .select({ theme: landingPageThemes.theme })
      .from(landingPageThemes)
      .where(and(eq(landingPageThemes.orgId, orgId), eq(landingPageThemes.id, themeId)));
    if (!theme) {
      throw new DomainError('INVALID', LANDING_PAGE_MESSAGES.themeNotFound, undefined, {
        themeId: LANDING_PAGE_MESSAGES.themeNotFound,
      });
    }
    return theme.theme;
  }

  /** A grid names products of the env's catalogue copy only. */
  async function requireProducts(envId: string, sections: LandingPageFields['sections']) {
    const ids = [
      ...new Set(sections.flatMap((s) => (s.type === 'productGrid' ? s.productIds : []))),
    ];
    if (ids.length === 0) return;
    const found = await db
      .select({ id: catalogProducts.b2cProductId })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.envId, envId), inArray(catalogProducts.b2cProductId, ids)));
    const known = new Set(found.map((p) => p.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      const message = LANDING_PAGE_MESSAGES.unknownProducts(missing);
      throw new DomainError('INVALID', message, undefined, { sections: message });
    }
  }

  const slugTaken = (slug: string) =>
    new DomainError('CONFLICT', LANDING_PAGE_MESSAGES.slugTaken(slug), 'landing-page-slug-taken', {
      slug: LANDING_PAGE_MESSAGES.slugTaken(slug),
    });

  async function clients(orgId: string, envId: string) {
    const env = await envRow(envId);
    if (!env.b2cInstanceId) throw new DomainError('INVALID', LANDING_PAGE_MESSAGES.noInstance);
    return { ...(await clientsForEnv(orgId, envId)), b2cInstanceId: env.b2cInstanceId };
  }

  /**
   * Env id → the instance whose content assets were found to have the `body` attribute. Asked once
   * per env and instance (per process): an instance does not lose an attribute between publishes,
   * and a missing one is not remembered, so the publish after it is added asks again. Another
   * instance linked to the env is asked anew.
   */
  const bodyCheckedOn = new Map<string, string>();
  async function requireBodyAttribute(envId: string, b2cInstanceId: string, data: OcapiDataClient) {
    if (bodyCheckedOn.get(envId) === b2cInstanceId) return;
    const { objectType, id } = CONTENT_BODY_ATTRIBUTE;
    try {
      await data.getAttributeDefinition(objectType, id);
    } catch (error) {
      if (error instanceof B2CNotFoundError) {
        throw new DomainError('INVALID', LANDING_PAGE_MESSAGES.noBodyAttribute);
      }
      throw error;
    }
    bodyCheckedOn.set(envId, b2cInstanceId);
  }

  return {
    async list(orgId, envId, page) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(landingPages)
          .where(eq(landingPages.envId, envId))
          .orderBy(desc(landingPages.updatedAt), desc(landingPages.id))
          .limit(LANDING_PAGES_PAGE_SIZE)
          .offset((page - 1) * LANDING_PAGES_PAGE_SIZE),
        db.select({ n: count() }).from(landingPages).where(eq(landingPages.envId, envId)),
      ]);
      return {
        items: rows.map((r) => {
          const p = toPage(r);
          return {
            id: p.id,
            title: p.title,
            slug: p.slug,
            locale: p.locale,
            status: p.status,
            hasUnpublishedChanges: p.hasUnpublishedChanges,
            publishedAt: p.publishedAt,
            updatedAt: p.updatedAt,
          };
        }),
        total: total?.n ?? 0,
        page,
        pageSize: LANDING_PAGES_PAGE_SIZE,
      };
    },

    async get(orgId, envId, pageId) {
      return toPage(await row(envId, pageId));
    },

    async create(orgId, envId, userId, fields) {
      await requireTheme(orgId, fields.themeId);
      await requireProducts(envId, fields.sections);
      try {
        const [created] = await db
          .insert(landingPages)
          .values({ orgId, envId, ...fields, createdBy: userId, updatedBy: userId })
          .returning();
        return toPage(created!);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(fields.slug);
        throw error;
      }
    },

    async update(orgId, envId, userId, pageId, fields) {
      const current = await row(envId, pageId);
      await requireTheme(orgId, fields.themeId);
      await requireProducts(envId, fields.sections);
      // A published page keeps its asset's id: its slug changes only after an unpublish.
      if (current.status === 'published' && fields.slug !== current.slug) {
        throw new DomainError(
          'INVALID',
          LANDING_PAGE_MESSAGES.slugLocked,
          'landing-page-published',
          { slug: LANDING_PAGE_MESSAGES.slugLocked },
        );
      }
      try {
        const [updated] = await db
          .update(landingPages)
          .set({
            ...fields,
            updatedBy: userId,
            hasUnpublishedChanges: current.status === 'published',
          })
          .where(eq(landingPages.id, pageId))
          .returning();
        return toPage(updated!);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(fields.slug);
        throw error;
      }
    },

    async delete(orgId, envId, pageId) {
      const current = await row(envId, pageId);
      if (current.status === 'published') {
        throw new DomainError(
          'CONFLICT',
          LANDING_PAGE_MESSAGES.deletePublished,
          'landing-page-published',
        );
      }
      await db.delete(landingPages).where(eq(landingPages.id, pageId));
    },

    async publish(orgId, envId, userId, pageId) {
      // An id this env does not have is NOT_FOUND before the instance is asked for.
      const current = await row(envId, pageId);
      const { data, b2cInstanceId } = await clients(orgId, envId);
      const theme = await requireTheme(orgId, current.themeId);
      const productIds = [
        ...new Set(current.sections.flatMap((s) => (s.type === 'productGrid' ? s.productIds : []))),
      ];
      const copy =
        productIds.length === 0
          ? []
          : await db
              .select({ id: catalogProducts.b2cProductId, name: catalogProducts.name })
              .from(catalogProducts)
              .where(
                and(
                  eq(catalogProducts.envId, envId),
                  inArray(catalogProducts.b2cProductId, productIds),
                ),
              );
      try {
        // A content asset lives in a library named by "the shared library's id, or the site id for
        // a private library" (ADR 0042); the Data API does not say which a site uses, so Beacon
        // publishes to the site's private library unless the env names a shared one.
        const [site] = await data.listSites();
        if (!site) throw new DomainError('INVALID', LANDING_PAGE_MESSAGES.noSite);
        // The asset's HTML goes to the custom attribute `c_body`, which only storefronts that define
        // it have: without it the PUT would fail or drop the page's content (ADR 0042).
        await requireBodyAttribute(envId, b2cInstanceId, data);
        const shared = await sharedLibraryOf(envId);
        const libraryId = shared ?? site.id;
        const products = copy.map((p) => ({
          id: p.id,
          name: p.name[current.locale] ?? p.name.default ?? null,
          url: `/s/${encodeURIComponent(site.id)}/${encodeURIComponent(p.id)}.html`,
        }));
        const html = renderLandingPage(current, products, theme);
        const assetId = contentAssetId(current.slug);
        await data
          .putContent(libraryId, assetId, {
            name: { [current.locale]: current.title },
            online: { default: true },
            body: { [current.locale]: html },
          })
          .catch((error: unknown) => {
            // A PUT creates the asset: its only 404 is LibraryNotFoundException.
            if (error instanceof B2CNotFoundError) {
              throw new DomainError(
                'INVALID',
                shared
                  ? LANDING_PAGE_MESSAGES.libraryNotFound(shared)
                  : LANDING_PAGE_MESSAGES.noPrivateLibrary(site.id),
              );
            }
            throw error;
          });
        const [updated] = await db
          .update(landingPages)
          .set({
            status: 'published',
            hasUnpublishedChanges: false,
            publishedAt: new Date(),
            publishedAssetId: assetId,
            publishedLibraryId: libraryId,
            updatedBy: userId,
          })
          .where(eq(landingPages.id, pageId))
          .returning();
        return toPage(updated!);
      } catch (error) {
        throw b2cFailure(error);
      }
    },

    async unpublish(orgId, envId, userId, pageId) {
      // An id this env does not have is NOT_FOUND before the instance is asked for.
      const current = await row(envId, pageId);
      const { data } = await clients(orgId, envId);
      if (
        current.status !== 'published' ||
        !current.publishedAssetId ||
        !current.publishedLibraryId
      ) {
        throw new DomainError('INVALID', LANDING_PAGE_MESSAGES.notPublished);
      }
      try {
        await data.deleteContent(current.publishedLibraryId, current.publishedAssetId);
      } catch (error) {
        // Removed on the instance already (by hand, or an earlier try): the goal is met.
        if (!(error instanceof B2CNotFoundError)) throw b2cFailure(error);
      }
      const [updated] = await db
        .update(landingPages)
        .set({
          status: 'draft',
          hasUnpublishedChanges: false,
          publishedAt: null,
          publishedAssetId: null,
          publishedLibraryId: null,
          updatedBy: userId,
        })
        .where(eq(landingPages.id, pageId))
        .returning();
      return toPage(updated!);
    },

    async themes(orgId) {
      return db
        .select({
          id: landingPageThemes.id,
          name: landingPageThemes.name,
          theme: landingPageThemes.theme,
          updatedAt: landingPageThemes.updatedAt,
        })
        .from(landingPageThemes)
        .where(eq(landingPageThemes.orgId, orgId))
        .orderBy(landingPageThemes.name);
    },

    async saveTheme(orgId, userId, name, theme) {
      const [saved] = await db
        .insert(landingPageThemes)
        .values({ orgId, name, theme, createdBy: userId })
        .onConflictDoUpdate({
          target: [landingPageThemes.orgId, landingPageThemes.name],
          set: { theme, updatedAt: new Date() },
        })
        .returning({
          id: landingPageThemes.id,
          name: landingPageThemes.name,
          theme: landingPageThemes.theme,
          updatedAt: landingPageThemes.updatedAt,
        });
      return saved!;
    },

    async contentLibrary(_orgId, envId) {
      return { libraryId: await sharedLibraryOf(envId) };
    },

    async setContentLibrary(orgId, envId, libraryId) {
      await envRow(envId);
      await db
        .update(envs)
        .set({ contentLibraryId: libraryId })
        .where(and(eq(envs.id, envId), eq(envs.orgId, orgId)));
      return { libraryId };
    },
  };
}
