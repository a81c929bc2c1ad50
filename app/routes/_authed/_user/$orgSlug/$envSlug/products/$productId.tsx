import { createFileRoute } from '@tanstack/react-router';
import { withoutDefaults } from '../../../../../../lib/search-defaults';
import { productDetailSearch } from '../../../../../../../domain/search-params';
import { PackageIcon } from 'lucide-react';
import { useB2CInstance } from '../../../../../../lib/env-context';
import { UpcomingArea } from '../../../../../../../app/components/upcoming-area';

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
