import { createFileRoute } from '@tanstack/react-router';
import { PackageIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { useB2CInstance } from '~/app/lib/env-context';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { productsSearch } from '~/domain/products/search';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/products/')({
  validateSearch: productsSearch,
  search: withoutDefaults(productsSearch),
  component: Screen,
});

function Screen() {
  const instance = useB2CInstance();
  return (
    <UpcomingArea
      title={'Products'}
      description={'Your B2C Commerce catalogue, 24 products a page.'}
      icon={<PackageIcon />}
      emptyTitle={'Product browsing is on its way'}
      emptyDescription={`Products will load from ${instance.instanceId}, the linked B2C Commerce instance, in milestone 2.`}
    />
  );
}
