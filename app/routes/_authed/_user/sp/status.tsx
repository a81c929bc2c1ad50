/** /app/sp/status: the health of the product's parts, loaded once, then kept live over the WebSocket. */
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '~/app/lib/trpc';
import { Callout } from '~/ui/components/callout';
import { Spinner } from '~/ui/components/spinner';
import { HealthTable } from '~/ui/patterns/health-table';
import { PageHeader } from '~/ui/patterns/page-header';

const LABEL: Record<string, string> = {
  server: 'Server',
  database: 'Database',
  'identity-provider': 'Identity provider',
  b2c: 'B2C Commerce endpoints',
  websocket: 'WebSocket',
};

export const Route = createFileRoute('/_authed/_user/sp/status')({
  loader: ({ context: { api } }) =>
    api.queryClient.ensureQueryData(api.trpc.system.status.queryOptions()),
  pendingComponent: () => (
    <StatusPage>
      <Spinner label="Checking status" />
    </StatusPage>
  ),
  errorComponent: ({ error }) => (
    <StatusPage>
      <Callout
        variant="error"
        title="Could not read the status"
        description={error instanceof Error ? error.message : String(error)}
      />
    </StatusPage>
  ),
  component: Status,
});

function StatusPage({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-5xl flex-col">
      <PageHeader
        title="System status"
        description="Health of each part of Beacon, checked from the server."
      />
      <div className="flex flex-col gap-6 p-8">{children}</div>
    </main>
  );
}

function Status() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: status } = useSuspenseQuery(trpc.system.status.queryOptions());
  // Each report the server pushes replaces the one shown, as a fresh query answer would.
  useSubscription(
    trpc.system.statusUpdates.subscriptionOptions(undefined, {
      onData: (report) => queryClient.setQueryData(trpc.system.status.queryKey(), report),
    }),
  );
  const failing = status.filter((check) => !check.ok).length;
  return (
    <StatusPage>
      {failing === 0 ? (
        <Callout variant="success" title="All systems healthy" />
      ) : (
        <Callout variant="error" title={`${failing} of ${status.length} parts failing`} />
      )}
      <HealthTable
        rows={status.map((check) => ({ ...check, label: LABEL[check.name] ?? check.name }))}
      />
    </StatusPage>
  );
}
