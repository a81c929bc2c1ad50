/**
 * Org settings view: the org's details; superusers can verify it, after which the page reloads; the
 * org's AI budget this month, which superusers can raise (docs/product.md#settings).
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { browser } from '~/app/lib/reload';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import { raiseAiBudgetInput } from '~/domain/ai-budget/inputs';
import { raiseRefusal } from '~/domain/ai-budget/messages';
import type { Org } from '~/domain/orgs/entities';
import {
  AiBudgetCard,
  AiBudgetError,
  AiBudgetSkeleton,
  AiBudgetSummary,
  RaiseBudgetForm,
} from '~/ui/patterns/settings/ai-budget';
import { OrgDetails, VerifyOrgPanel } from '~/ui/patterns/settings/org-details';

export function OrgSettings({ org }: { org: Org }) {
  const user = useCurrentUser();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <OrgDetails
        org={org}
        note={user.isSuperUser ? null : 'A Beacon superuser verifies orgs after onboarding.'}
      />
      {user.isSuperUser ? <VerifyOrg org={org} /> : null}
      <AiBudgetCard>
        <QueryBoundary
          pending={<AiBudgetSkeleton />}
          error={(message) => <AiBudgetError message={message} />}
        >
          <AiBudget orgId={org.id} canRaise={user.isSuperUser} />
        </QueryBoundary>
      </AiBudgetCard>
    </div>
  );
}

function VerifyOrg({ org }: { org: Org }) {
  const trpc = useTRPC();
  // Verification changes what every screen may show, so the whole app starts over.
  const verify = useMutation({
    ...trpc.orgs.verify.mutationOptions(),
    onSuccess: () => browser.reload(),
  });
  return (
    <VerifyOrgPanel
      verified={org.verified}
      // Still busy after success: the reload is on its way, so no second click.
      verifying={verify.isPending || verify.isSuccess}
      error={verify.error?.message ?? null}
      onVerify={() => {
        if (verify.isPending || verify.isSuccess) return;
        verify.mutate({ orgId: org.id });
      }}
    />
  );
}

const RAISE_FIELDS = ['budgetUsd'] as const;

/** The month's spend against the budget; the raise control for superusers (the server holds that too). */
function AiBudget({ orgId, canRaise }: { orgId: string; canRaise: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: budget } = useSuspenseQuery(trpc.aiBudget.get.queryOptions({ orgId }));
  const [raised, setRaised] = useState(0);
  const raise = useMutation(
    trpc.aiBudget.raise.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.aiBudget.get.queryKey({ orgId }), next);
        setRaised((n) => n + 1);
      },
    }),
  );
  return (
    <>
      <AiBudgetSummary budget={budget} />
      {canRaise ? (
        <RaiseBudgetForm
          currentUsd={budget.budgetUsd}
          resetKey={raised}
          pending={raise.isPending}
          serverErrors={raise.error ? formErrorsOf(raise.error, RAISE_FIELDS) : null}
          validate={(value) => {
            const amount = value.trim() === '' ? Number.NaN : Number(value);
            return (
              schemaErrorsOf(raiseAiBudgetInput, { orgId, budgetUsd: amount }, RAISE_FIELDS)
                .budgetUsd ??
              raiseRefusal(budget.budgetUsd, amount) ??
              undefined
            );
          }}
          onSubmit={(budgetUsd) => raise.mutate({ orgId, budgetUsd })}
        />
      ) : null}
    </>
  );
}
