/**
 * The one action on a wrong claim (docs/product.md#accuracy): an AEO Specialist run on that product
 * alone, with the env's saved AEO config, in the language of the market whose answer got it wrong;
 * its proposals go to the review queue as every run's do.
 * Started, the AEO Specialist's page shows the run; refused (no AEO config yet, a run already going,
 * the budget spent), the reason shows beside the button.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTRPC } from '~/app/lib/trpc';
import { Button } from '~/ui/components/button';

export const IMPROVE_PRODUCT_TEXT = {
  action: 'Fix with the AEO Specialist',
  starting: 'Starting…',
} as const;

export function ImproveProductButton({
  scope,
  productId,
  productName,
  market,
}: {
  scope: { orgId: string; envId: string; orgSlug: string; envSlug: string };
  productId: string;
  productName: string | null;
  /** The market of the answer that got it wrong: the run writes its locale (null: the config's). */
  market: string | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useMutation(
    trpc.agents.start.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.agents.pathFilter());
        void navigate({
          to: '/$orgSlug/$envSlug/agents/aeo',
          params: { orgSlug: scope.orgSlug, envSlug: scope.envSlug },
        });
      },
    }),
  );
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant="secondary"
        disabled={start.isPending}
        aria-label={`${IMPROVE_PRODUCT_TEXT.action}: ${productName ?? productId}`}
        onClick={() =>
          start.mutate({
            orgId: scope.orgId,
            envId: scope.envId,
            agentType: 'aeo',
            productIds: [productId],
            ...(market ? { languages: [market] } : {}),
          })
        }
      >
        {start.isPending ? IMPROVE_PRODUCT_TEXT.starting : IMPROVE_PRODUCT_TEXT.action}
      </Button>
      {start.error ? (
        <p role="alert" className="text-xs text-error">
          {start.error.message}
        </p>
      ) : null}
    </div>
  );
}
