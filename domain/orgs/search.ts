/** The superusers' org list's search parameters (/app/sp/orgs): every org, or the unverified ones. */
import { fallback, oneOf, searchSchema } from '~/domain/shared/search';

export const ORG_OVERVIEW_FILTERS = ['all', 'unverified'] as const;
export type OrgOverviewFilter = (typeof ORG_OVERVIEW_FILTERS)[number];

export const spOrgsSearch = searchSchema({
  show: fallback(oneOf(ORG_OVERVIEW_FILTERS), 'all'),
});
