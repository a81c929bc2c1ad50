import { createFileRoute } from '@tanstack/react-router';
import { PackageIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { useB2CInstance } from '~/app/lib/env-context';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { productDetailSearch } from '~/domain/products/search';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/products/$productId')({
  validateSearch: productDetailSearch,
  search: withoutDefaults(productDetailSearch),
  component: Screen,
});

function Screen() {
  const instance = useB2CInstance();
  return (
    <UpcomingArea
      title={'Product'}
      description={'One product, per language and view group.'}
      icon={<PackageIcon />}
      emptyTitle={'Product details are on their way'}
      emptyDescription={`Product details will load from ${instance.instanceId}, the linked B2C Commerce instance, in milestone 2.`}
    />
  );
}
