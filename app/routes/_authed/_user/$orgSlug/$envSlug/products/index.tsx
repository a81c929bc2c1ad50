import { createFileRoute } from '@tanstack/react-router';
import { withoutDefaults } from '../../../../../../lib/search-defaults';
import { productsSearch } from '../../../../../../../domain/search-params';
import { PackageIcon } from 'lucide-react';
import { useB2CInstance } from '../../../../../../lib/env-context';
import { UpcomingArea } from '../../../../../../../app/components/upcoming-area';

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
