/** /app/sp/status: the health of the product's parts, refreshed every 10 s. */
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
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
  component: Status,
});

function Status() {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.system.status.queryOptions(), refetchInterval: 10_000 });
  const failing = status.data?.filter((check) => !check.ok).length ?? 0;
  return (
    <main className="mx-auto flex max-w-5xl flex-col">
      <PageHeader
        title="System status"
        description="Health of each part of Beacon, checked from the server."
      />
      <div className="flex flex-col gap-6 p-8">
        {status.isPending ? (
          <Spinner label="Checking status" />
        ) : status.isError ? (
          <Callout
            variant="error"
            title="Could not read the status"
            description={status.error.message}
          />
        ) : (
          <>
            {failing === 0 ? (
              <Callout variant="success" title="All systems healthy" />
            ) : (
              <Callout
                variant="error"
                title={`${failing} of ${status.data.length} parts failing`}
              />
            )}
            <HealthTable
              rows={status.data.map((check) => ({
                ...check,
                label: LABEL[check.name] ?? check.name,
              }))}
            />
          </>
        )}
      </div>
    </main>
  );
}
