/** The landing pages list's search parameters. */
import { pagingParams, searchSchema, type SearchOutput } from '~/domain/shared/search';

export const LANDING_PAGES_PAGE_SIZE = 48;

const shape = { ...pagingParams(LANDING_PAGES_PAGE_SIZE) };
export const landingPagesSearch = searchSchema(shape);
export type LandingPagesSearch = SearchOutput<typeof shape>;
