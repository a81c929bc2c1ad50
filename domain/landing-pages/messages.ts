/** User-facing copy of landing pages; the server throws it, screens show it, tests quote it. */
import { ORG_MESSAGES } from '~/domain/orgs/messages';

export const LANDING_PAGE_MESSAGES = {
  superuserRequired: ORG_MESSAGES.superuserRequired,
  notFound: 'This landing page does not exist in this environment.',
  slugTaken: (slug: string) =>
    `This environment already has a landing page with the slug "${slug}".`,
  deletePublished: 'This landing page is published. Unpublish it before deleting it.',
  notPublished: 'This landing page is not published.',
  slugLocked:
    'The slug of a published landing page is its content asset id. Unpublish the page to change it.',
  noSite: 'The instance has no storefront site, so there is no content library to publish to.',
  noPrivateLibrary: (siteId: string) =>
    `Site ${siteId} has no content library of its own: it uses a shared library. Name that library under Content library, then publish again.`,
  libraryNotFound: (libraryId: string) =>
    `The instance has no content library "${libraryId}". Check the id in Business Manager (Merchant Tools › Content › Libraries) under Content library.`,
  noBodyAttribute:
    'Content assets on this instance have no Body attribute (the custom attribute "body" of the system object type Content), so a landing page has nowhere to go. Add it as an HTML attribute in Business Manager (Administration › Site Development › System Object Types › Content) or import it with your storefront\'s metadata, then publish again.',
  themeNotFound: 'This theme does not exist in this org.',
  noInstance: 'This environment is not linked to a B2C Commerce instance.',
  unknownProducts: (ids: readonly string[]) =>
    `These products are not in the synced catalogue: ${ids.join(', ')}.`,
  credentials:
    "Salesforce rejected Beacon's API client (401). Check the client's id and secret in Account Manager, then publish again.",
  unavailable: (detail?: string | null) =>
    `The instance could not be reached${detail ? ` (${detail})` : ''}. Try again when it is back.`,
  refused: (detail?: string | null) =>
    `The instance refused the change${detail ? `: ${detail}` : ''}.`,
} as const;

export const LANDING_PAGE_ERROR_REASONS = [
  'landing-page-not-found',
  'landing-page-slug-taken',
  'landing-page-published',
] as const;
export type LandingPageErrorReason = (typeof LANDING_PAGE_ERROR_REASONS)[number];
