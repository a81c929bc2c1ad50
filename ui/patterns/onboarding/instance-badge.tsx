/** The chosen instance, as a badge; clicking it goes back to choosing one. */
import { ServerIcon, XIcon } from 'lucide-react';
import { Badge } from '~/ui/components/badge';

export function InstanceBadge({
  instanceId,
  host,
  onReset,
}: {
  instanceId: string;
  host: string;
  onReset: () => void;
}) {
  return (
    <Badge asChild variant="outline" className="cursor-pointer gap-1.5 py-1 hover:bg-base-200">
      <button
        type="button"
        data-slot="instance-badge"
        title={`${host}: choose another instance`}
        onClick={onReset}
      >
        <ServerIcon aria-hidden />
        <span className="sr-only">Instance</span>
        {instanceId}
        <span className="sr-only">, choose another instance</span>
        <XIcon aria-hidden />
      </button>
    </Badge>
  );
}
