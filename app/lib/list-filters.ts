/** A list screen's filters, kept in its URL's search (products, reviews). */
import { useCallback } from 'react';

/**
 * The filter bar's two events as navigations: a changed filter goes back to the first page, and Clear
 * filters leaves what `cleared` keeps of the search. Both stay the same functions across renders.
 */
export function useListFilters<TSearch extends { page: number }, TFilters>(
  navigate: (options: { search: (prev: TSearch) => TSearch }) => Promise<void>,
  cleared: (search: TSearch) => TSearch,
): { setFilters: (patch: Partial<TFilters>) => void; clearFilters: () => void } {
  const setFilters = useCallback(
    (patch: Partial<TFilters>) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch, page: 1 }) }),
    [navigate],
  );
  const clearFilters = useCallback(
    () => void navigate({ search: (prev) => cleared(prev) }),
    [navigate, cleared],
  );
  return { setFilters, clearFilters };
}
