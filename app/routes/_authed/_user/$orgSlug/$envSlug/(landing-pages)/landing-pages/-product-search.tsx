/** Finds products of the env's catalogue copy by id for a product grid, and adds them one at a time. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '~/app/lib/trpc';
import { Button } from '~/ui/components/button';
import { Input } from '~/ui/components/input';

export const PRODUCT_SEARCH_TEXT = {
  label: 'Search products by ID',
  results: 'Matching products',
  none: 'No product of the catalogue copy matches.',
  add: (id: string) => `Add ${id}`,
} as const;

export function ProductSearch({
  scope,
  locale,
  picked,
  onPick,
}: {
  scope: { orgId: string; envId: string };
  locale: string;
  picked: readonly string[];
  onPick(productId: string): void;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [query, setQuery] = useState('');
  const term = query.trim();
  const { data } = useQuery({
    ...trpc.products.list.queryOptions({
      ...scope,
      page: 1,
      language: locale,
      showOffline: true,
      b2cProductId: term,
    }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const items = term && data ? data.items.slice(0, 8) : [];
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {PRODUCT_SEARCH_TEXT.label}
      </label>
      <Input
        id={id}
        type="search"
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      {term && data ? (
        items.length === 0 ? (
          <p className="text-sm text-base-content/80">{PRODUCT_SEARCH_TEXT.none}</p>
        ) : (
          <ul aria-label={PRODUCT_SEARCH_TEXT.results} className="flex flex-col gap-1">
            {items.map((item) => (
              <li
                key={item.b2cProductId}
                className="flex items-center justify-between gap-2 text-sm"
              >
                <span>
                  {item.name ?? item.defaultName ?? item.b2cProductId}{' '}
                  <span className="font-mono text-xs text-base-content/70">
                    {item.b2cProductId}
                  </span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={picked.includes(item.b2cProductId)}
                  onClick={() => onPick(item.b2cProductId)}
                >
                  {PRODUCT_SEARCH_TEXT.add(item.b2cProductId)}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
