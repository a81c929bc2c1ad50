/**
 * Acme's landing pages for mocks: a summer sale page with every kind of section, a few more pages in
 * each status, two saved themes, and answers for the landingPages procedures that keep their own
 * state per scenario (create, save, publish, unpublish and delete change what get and list answer),
 * refusing what the server refuses (server/landing-pages/service.ts).
 */
import {
  contentAssetId,
  type LandingPage,
  type LandingPageListItem,
} from '~/domain/landing-pages/entities';
import { LANDING_PAGE_MESSAGES } from '~/domain/landing-pages/messages';
import { LANDING_PAGES_PAGE_SIZE } from '~/domain/landing-pages/search';
import { PRESETS } from '~/domain/theme-designer/theme-designer';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { instances } from './fixtures';
import { domainError, type OutputOf, trpcError, type TrpcScenario } from './trpc/scenario';

/** When stories' pages were last changed, and published. */
export const LP_UPDATED_AT = new Date('2026-03-01T14:05:00Z');
export const LP_PUBLISHED_AT = new Date('2026-03-02T08:15:00Z');
/** The instance's only site, whose library the pages are published to. */
export const LP_SITE = 'RefArch';

export const savedThemes = [
  {
    id: 'th_summer',
    name: 'Summer 2026',
    theme: PRESETS.sunset.theme,
    updatedAt: new Date('2026-02-20T10:00:00Z'),
  },
  {
    id: 'th_evergreen',
    name: 'Evergreen',
    theme: PRESETS.emerald.theme,
    updatedAt: new Date('2026-02-21T10:00:00Z'),
  },
] satisfies OutputOf<'landingPages.themes'>;

const base = {
  status: 'draft',
  hasUnpublishedChanges: false,
  publishedAt: null,
  publishedAssetId: null,
  publishedLibraryId: null,
  createdAt: new Date('2026-02-28T09:00:00Z'),
  updatedAt: LP_UPDATED_AT,
} satisfies Partial<LandingPage>;

/** The summer sale page (draft): a hero, a product grid, text and an FAQ, in the Summer theme. */
export const summerSale: LandingPage = {
  ...base,
  id: 'lp1',
  title: 'Summer Sale 2026',
  slug: 'summer-sale-2026',
  locale: 'en-US',
  themeId: 'th_summer',
  sections: [
    {
      type: 'hero',
      heading: 'Made for long summers',
      subheading: 'Light layers and trail gear, up to 30% off until June 30.',
      ctaLabel: 'Shop the sale',
      ctaUrl: '/s/RefArch/sale',
    },
    {
      type: 'productGrid',
      heading: 'Bestsellers',
      productIds: ['alpine-rain-jacket', 'canvas-tote-bag', 'merino-beanie'],
    },
    {
      type: 'richText',
      // Markup in a page is text: it shows as typed, never as HTML.
      paragraphs: [
        'Every order ships free over €50.',
        'Prices shown <b>include</b> VAT. <script>alert(1)</script>',
      ],
    },
    {
      type: 'faq',
      items: [
        { question: 'When does the sale end?', answer: 'On June 30 at midnight.' },
        { question: 'Can I return sale items?', answer: 'Yes, within 30 days.' },
      ],
    },
  ],
};

/** The same page published this morning as `beacon-lp-summer-sale-2026`. */
export const summerSalePublished: LandingPage = {
  ...summerSale,
  status: 'published',
  publishedAt: LP_PUBLISHED_AT,
  publishedAssetId: contentAssetId(summerSale.slug),
  publishedLibraryId: LP_SITE,
};

const more: LandingPage[] = [
  {
    ...base,
    id: 'lp2',
    title: 'Trail Running Guide',
    slug: 'trail-running-guide',
    locale: 'default',
    themeId: null,
    sections: [{ type: 'hero', heading: 'Run further' }],
    status: 'published',
    hasUnpublishedChanges: true,
    publishedAt: LP_PUBLISHED_AT,
    publishedAssetId: contentAssetId('trail-running-guide'),
    publishedLibraryId: LP_SITE,
    updatedAt: new Date('2026-03-02T10:45:00Z'),
  },
  {
    ...base,
    id: 'lp3',
    title: 'Rentrée 2026',
    slug: 'rentree-2026',
    locale: 'fr-FR',
    themeId: 'th_evergreen',
    sections: [],
    status: 'published',
    publishedAt: LP_PUBLISHED_AT,
    publishedAssetId: contentAssetId('rentree-2026'),
    publishedLibraryId: LP_SITE,
    updatedAt: new Date('2026-02-27T16:20:00Z'),
  },
];

/** Acme's pages, newest change first as the list orders them. */
export const landingPages: LandingPage[] = [more[0]!, summerSale, more[1]!];

const listItem = (page: LandingPage): LandingPageListItem => ({
  id: page.id,
  title: page.title,
  slug: page.slug,
  locale: page.locale,
  status: page.status,
  hasUnpublishedChanges: page.hasUnpublishedChanges,
  publishedAt: page.publishedAt,
  updatedAt: page.updatedAt,
});

/**
 * The landingPages procedures over `pages` (copied: each scenario has its own), as a superuser sees
 * them; the instance `b2cInstances.get` answers for is the one the storefront URL is read from.
 */
export function atLandingPages(pages: readonly LandingPage[] = landingPages): TrpcScenario {
  return landingPagesStore(pages).scenario;
}

/** The same, with a way back to `pages` (a story's beforeEach), for stories that change pages. */
export function landingPagesStore(pages: readonly LandingPage[] = landingPages) {
  const store = new Map<string, LandingPage>();
  /** The env's shared content library; null is the site's own. */
  let library: string | null = null;
  const reset = () => {
    library = null;
    store.clear();
    for (const page of pages) store.set(page.id, structuredClone(page));
  };
  reset();
  let next = 100;
  const notFound = () =>
    domainError('NOT_FOUND', LANDING_PAGE_MESSAGES.notFound, 'landing-page-not-found');
  const slugTaken = (slug: string, except?: string) =>
    [...store.values()].some((p) => p.slug === slug && p.id !== except)
      ? domainError('CONFLICT', LANDING_PAGE_MESSAGES.slugTaken(slug), 'landing-page-slug-taken', {
          slug: LANDING_PAGE_MESSAGES.slugTaken(slug),
        })
      : null;
  const now = () => new Date(LP_UPDATED_AT.getTime() + next++ * 60_000);
  const scenario: TrpcScenario = {
    'landingPages.list': (input) => {
      const items = [...store.values()].sort(
        (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime(),
      );
      const page = input.page ?? 1;
      const start = (page - 1) * LANDING_PAGES_PAGE_SIZE;
      return {
        items: items.slice(start, start + LANDING_PAGES_PAGE_SIZE).map(listItem),
        total: items.length,
        page,
        pageSize: LANDING_PAGES_PAGE_SIZE,
      };
    },
    'landingPages.get': (input) => store.get(input.pageId) ?? notFound(),
    'landingPages.contentLibrary': () => ({ libraryId: library }),
    'landingPages.setContentLibrary': ({ libraryId }) => {
      library = libraryId;
      return { libraryId };
    },
    'landingPages.create': ({ orgId: _o, envId: _e, ...fields }) => {
      const taken = slugTaken(fields.slug);
      if (taken) return taken;
      const page: LandingPage = {
        ...base,
        ...fields,
        id: `lp_new_${next++}`,
        createdAt: now(),
        updatedAt: now(),
      };
      store.set(page.id, page);
      return page;
    },
    'landingPages.update': ({ orgId: _o, envId: _e, pageId, ...fields }) => {
      const current = store.get(pageId);
      if (!current) return notFound();
      if (current.status === 'published' && fields.slug !== current.slug) {
        return domainError('INVALID', LANDING_PAGE_MESSAGES.slugLocked, undefined, {
          slug: LANDING_PAGE_MESSAGES.slugLocked,
        });
      }
      const taken = slugTaken(fields.slug, pageId);
      if (taken) return taken;
      const updated: LandingPage = {
        ...current,
        ...fields,
        hasUnpublishedChanges: current.status === 'published',
        updatedAt: now(),
      };
      store.set(pageId, updated);
      return updated;
    },
    'landingPages.delete': (input) => {
      const current = store.get(input.pageId);
      if (!current) return notFound();
      if (current.status === 'published') {
        return domainError(
          'CONFLICT',
          LANDING_PAGE_MESSAGES.deletePublished,
          'landing-page-published',
        );
      }
      store.delete(input.pageId);
    },
    'landingPages.publish': (input) => {
      const current = store.get(input.pageId);
      if (!current) return notFound();
      const published: LandingPage = {
        ...current,
        status: 'published',
        hasUnpublishedChanges: false,
        publishedAt: LP_PUBLISHED_AT,
        publishedAssetId: contentAssetId(current.slug),
        publishedLibraryId: LP_SITE,
      };
      store.set(current.id, published);
      return published;
    },
    'landingPages.unpublish': (input) => {
      const current = store.get(input.pageId);
      if (!current) return notFound();
      if (current.status !== 'published')
        return domainError('INVALID', LANDING_PAGE_MESSAGES.notPublished);
      const draft: LandingPage = {
        ...current,
        status: 'draft',
        hasUnpublishedChanges: false,
        publishedAt: null,
        publishedAssetId: null,
        publishedLibraryId: null,
      };
      store.set(current.id, draft);
      return draft;
    },
    'landingPages.themes': savedThemes,
    'landingPages.saveTheme': (input) => ({
      id: 'th_saved',
      name: input.name,
      theme: input.theme,
      updatedAt: LP_UPDATED_AT,
    }),
    'b2cInstances.get': instances.onboarded,
  };
  return { scenario, reset };
}

/** What the server answers a member for every landing pages procedure. */
export const landingPagesForbidden: TrpcScenario = Object.fromEntries(
  (
    [
      'landingPages.list',
      'landingPages.get',
      'landingPages.create',
      'landingPages.update',
      'landingPages.delete',
      'landingPages.publish',
      'landingPages.unpublish',
      'landingPages.themes',
      'landingPages.saveTheme',
      'landingPages.contentLibrary',
      'landingPages.setContentLibrary',
    ] as const
  ).map((path) => [path, trpcError('FORBIDDEN', ORG_MESSAGES.superuserRequired)]),
);
