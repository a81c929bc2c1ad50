/**
 * The org's B2C Commerce instances to choose from; an empty list is the documented loading error
 * (docs/product.md#onboarding). A tenant Account Manager lists without a host asks for it first.
 */
import { useState } from 'react';
import type { B2CInstance } from '~/domain/instances/entities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

export type InstanceListItem = Pick<
  B2CInstance,
  'id' | 'instanceId' | 'host' | 'tenantType' | 'onboarded'
>;

/** Giving a tenant its host: the allowed endings, and the save as the screen wires it. */
export interface HostEntry {
  allowedSuffixes: readonly string[];
  /** Client-side check (the procedure's own schema): a message, or null. */
  validate: (host: string) => string | null;
  onSave: (instanceId: string, host: string) => void;
  /** The instance whose host is being saved. */
  savingId?: string | null;
  /** The server's refusal of the last host, for that instance. */
  error?: { instanceId: string; message: string } | null;
}

export function InstanceList({
  instances,
  selectedId,
  onChoose,
  hostEntry,
}: {
  instances: readonly InstanceListItem[];
  selectedId?: string | undefined;
  onChoose: (id: string) => void;
  hostEntry?: HostEntry | undefined;
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
            <span className="truncate text-sm text-base-content/75">
              {instance.host ?? 'Host name needed'}
            </span>
          </div>
          <Button
            type="button"
            variant={instance.id === selectedId ? 'primary' : 'outline'}
            aria-label={`Choose ${instance.instanceId}`}
            disabled={instance.host === null}
            onClick={() => onChoose(instance.id)}
          >
            Choose
          </Button>
          {instance.host === null && hostEntry ? (
            <HostForm instance={instance} entry={hostEntry} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function HostForm({ instance, entry }: { instance: InstanceListItem; entry: HostEntry }) {
  const [host, setHost] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const clientError = attempted ? entry.validate(host) : null;
  const serverError =
    entry.error?.instanceId === instance.id && submitted === host.trim().toLowerCase()
      ? entry.error.message
      : null;
  const saving = entry.savingId === instance.id;
  return (
    <form
      aria-label={`Host name of ${instance.instanceId}`}
      noValidate
      className="flex w-full flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (saving || entry.validate(host)) return;
        const value = host.trim().toLowerCase();
        setSubmitted(value);
        entry.onSave(instance.id, value);
      }}
    >
      <Field>
        <FieldLabel>Host name of {instance.instanceId}</FieldLabel>
        <Input
          name="host"
          value={host}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          placeholder={`production-eu01-${instance.instanceId.split('_')[0] ?? 'realm'}.demandware.net`}
          onChange={(e) => setHost(e.target.value)}
        />
        <FieldDescription>{INSTANCE_MESSAGES.hostIntro(entry.allowedSuffixes)}</FieldDescription>
        <FieldError>{clientError ?? serverError}</FieldError>
      </Field>
      <div>
        <Button type="submit" size="sm" loading={saving}>
          Save host name
        </Button>
      </div>
    </form>
  );
}
