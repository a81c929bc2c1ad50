import type { Env, Org } from '../../../../../../../domain/entities';
import { EmptyState } from '../../../../../../../ui/components/empty-state';

/** Settings view placeholder: the settings screens issue fills it in. */
export function EnvSettings({ org, env }: { org: Org; env: Env }) {
  void org;
  void env;
  return <EmptyState title="EnvSettings" />;
}
