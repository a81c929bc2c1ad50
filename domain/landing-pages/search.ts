/** The landing pages list's search parameters. */
import * as z from 'zod/mini';
import { pagingParams } from '~/domain/shared/search';

export const LANDING_PAGES_PAGE_SIZE = 48;

export const landingPagesSearch = z.object({
  ...pagingParams(LANDING_PAGES_PAGE_SIZE),
});
export type LandingPagesSearch = z.output<typeof landingPagesSearch>;
