/** The org's B2C Commerce instances to choose from; an empty list is the documented loading error (docs/product.md#onboarding). */
import type { B2CInstance } from '~/domain/instances/entities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';

export type InstanceListItem = Pick<
  B2CInstance,
  'id' | 'instanceId' | 'host' | 'tenantType' | 'onboarded'
>;

export function InstanceList({
  instances,
  selectedId,
  onChoose,
}: {
  instances: readonly InstanceListItem[];
  selectedId?: string | undefined;
  onChoose: (id: string) => void;
}) {
  if (instances.length === 0)
    return <Callout variant="error" title={INSTANCE_MESSAGES.instancesEmpty} />;
  return (
    <ul aria-label="B2C Commerce instances" className="flex flex-col gap-3">
      {instances.map((instance) => (
        <li
          key={instance.id}
          data-slot="instance-list-item"
          data-selected={instance.id === selectedId || undefined}
          className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4 data-selected:border-primary"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-semibold">{instance.instanceId}</span>
              <Badge variant="outline">{instance.tenantType}</Badge>
              {instance.onboarded ? <Badge variant="success">Onboarded</Badge> : null}
            </span>
            <span className="truncate text-sm text-base-content/75">{instance.host}</span>
          </div>
          <Button
            type="button"
            variant={instance.id === selectedId ? 'primary' : 'outline'}
            aria-label={`Choose ${instance.instanceId}`}
            onClick={() => onChoose(instance.id)}
          >
            Choose
          </Button>
        </li>
      ))}
    </ul>
  );
}
