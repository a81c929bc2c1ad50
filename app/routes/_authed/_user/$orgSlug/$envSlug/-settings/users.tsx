import type { Org } from '../../../../../../../domain/entities';
import { EmptyState } from '../../../../../../../ui/components/empty-state';

/** Settings view placeholder: the settings screens issue fills it in. */
export function UsersSettings({ org }: { org: Org }) {
  void org;
  return <EmptyState title="UsersSettings" />;
}
