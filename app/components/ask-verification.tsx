/** The Onboarding needed block's "Ask for verification": reads the org's request, records one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/app/lib/trpc';
import { AskVerification } from '~/ui/patterns/gate-blocks';

export function AskVerificationAction({ orgId }: { orgId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const request = trpc.orgs.verificationRequest.queryOptions({ orgId });
  const { data } = useQuery(request);
  const ask = useMutation(
    trpc.orgs.requestVerification.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(request.queryKey, answer),
    }),
  );
  return (
    <AskVerification
      request={data}
      asking={ask.isPending}
      failed={ask.isError}
      onAsk={() => ask.mutate({ orgId })}
    />
  );
}
