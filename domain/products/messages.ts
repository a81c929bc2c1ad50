/** User-facing copy of the Products area; the server throws it, screens show it, tests quote it. */
export const PRODUCT_MESSAGES = {
  productNotFound: (b2cProductId: string) =>
    `No product "${b2cProductId}" in this environment's catalogue copy. It may have been deleted on the instance, or not synced yet.`,
  productGone: (b2cProductId: string) =>
    `The instance no longer has product "${b2cProductId}": it was removed from the catalogue copy.`,
  readForbidden:
    "The API client may not read products: add GET /products/* to the OCAPI Data settings of Beacon's client in Business Manager.",
  noInstance:
    'This environment is not linked to a B2C Commerce instance yet. Finish onboarding to sync its catalogue.',
  /** The sync job's progress line, as a run's screen shows it. */
  syncProgress: (done: number, total: number | null) =>
    total === null
      ? `Copied ${done.toLocaleString('en-US')} changed products`
      : `Copied ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} products`,
  syncStopped:
    'The last sync stopped before it finished. Sync again to go on from where it stopped.',
  jobsUnavailable: 'Background jobs are not running on this server, so the catalogue cannot sync.',
  productSearchMissing:
    "The API client may not read products: add the /product_search resource (POST) to the OCAPI Data settings of Beacon's client in Business Manager, then sync again.",
} as const;

export const PRODUCT_ERROR_REASONS = [
  'product-not-found',
  'no-instance',
  'jobs-unavailable',
] as const;
export type ProductErrorReason = (typeof PRODUCT_ERROR_REASONS)[number];
