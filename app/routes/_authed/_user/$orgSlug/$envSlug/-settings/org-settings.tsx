/**
 * Org settings view: the org's details; superusers can verify it, after which the page reloads; the
 * org's AI budget this month, which superusers can raise; how long monitoring keeps raw answers, which
 * owners can change; exporting the org's data, for owners; deleting the org, for superusers and its last
 * owner (docs/product.md#settings).
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { clock } from '~/app/lib/clock';
import { browser } from '~/app/lib/reload';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import { raiseAiBudgetInput } from '~/domain/ai-budget/inputs';
import { raiseRefusal } from '~/domain/ai-budget/messages';
import { mayChangeAnswerRetention, setAnswerRetentionInput } from '~/domain/monitoring/retention';
import { DELETION_MESSAGES, offersOrgDeletion, ORG_DELETION_LOSSES } from '~/domain/orgs/deletion';
import type { Org } from '~/domain/orgs/entities';
import { mayExportOrg, orgExportState } from '~/domain/orgs/export';
import { APP_BASE_PATH } from '~/domain/shared/constants';
import {
  AiBudgetCard,
  AiBudgetError,
  AiBudgetSkeleton,
  AiBudgetSummary,
  RaiseBudgetForm,
} from '~/ui/patterns/settings/ai-budget';
import { AnswerRetentionCard } from '~/ui/patterns/settings/answer-retention';
import { DeleteDialog, DeleteSection } from '~/ui/patterns/settings/delete-section';
import { OrgExportCard } from '~/ui/patterns/settings/org-export';
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
      <QueryBoundary pending={null} error={() => null}>
        <AnswerRetention org={org} />
      </QueryBoundary>
      <QueryBoundary pending={null} error={() => null}>
        <OrgExport org={org} />
      </QueryBoundary>
      <QueryBoundary pending={null} error={() => null}>
        <DeleteOrg org={org} />
      </QueryBoundary>
    </div>
  );
}

export const DELETE_ORG_TITLE = 'Delete this org';

/**
 * Superusers and owners see it; of the owners, only the last one may delete (the server says so to
 * the others, in the dialog: the screen does not load the member list to count them).
 */
function DeleteOrg({ org }: { org: Org }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const { data: mine } = useSuspenseQuery(trpc.orgs.allOrgsForUser.queryOptions());
  const [open, setOpen] = useState(false);
  // Every cached page of the org is gone with it: start over from /app/.
  const remove = useMutation(
    trpc.orgs.delete.mutationOptions({ onSuccess: () => browser.assign(APP_BASE_PATH) }),
  );
  const role = mine.find((o) => o.id === org.id)?.role ?? null;
  if (!offersOrgDeletion({ isSuperUser: user.isSuperUser, role })) return null;
  return (
    <>
      <DeleteSection
        title={DELETE_ORG_TITLE}
        description={`Deletes ${org.name}, every environment in it and everything Beacon keeps for them. A superuser or the org's last owner; it cannot be undone.`}
        actionLabel="Delete this org…"
        onDelete={() => {
          remove.reset();
          setOpen(true);
        }}
      />
      <DeleteDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${org.name}?`}
        description={`This deletes the org ${org.slug} and cannot be undone. It removes:`}
        losses={ORG_DELETION_LOSSES}
        notes={[DELETION_MESSAGES.apiClientStays]}
        slug={org.slug}
        confirmLabel="Delete org"
        pending={remove.isPending || remove.isSuccess}
        error={
          remove.error
            ? { title: 'Could not delete this org', message: remove.error.message }
            : null
        }
        onConfirm={(confirmation) => remove.mutate({ orgId: org.id, confirmation })}
      />
    </>
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

/** How often an export being made is read again, until it is ready or failed. */
const EXPORT_POLL_MS = 2_000;

/** Owners export the org's data and download it; members see why they cannot (the server holds it). */
function OrgExport({ org }: { org: Org }) {
  const trpc = useTRPC();
  const { data: mine } = useSuspenseQuery(trpc.orgs.allOrgsForUser.queryOptions());
  const role = mine.find((o) => o.id === org.id)?.role ?? null;
  const canExport = mayExportOrg({ role });
  const noop = () => undefined;
  if (!canExport) {
    return (
      <OrgExportCard
        orgSlug={org.slug}
        canExport={false}
        latest={null}
        now={clock.now()}
        onExport={noop}
      />
    );
  }
  return <OwnerOrgExport org={org} />;
}

function OwnerOrgExport({ org }: { org: Org }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const orgId = org.id;
  const { data: latest } = useSuspenseQuery({
    ...trpc.orgs.latestExport.queryOptions({ orgId }),
    // Read again while the job makes it; the answer says when it is ready or failed.
    refetchInterval: (query) =>
      orgExportState(query.state.data ?? null, clock.now()) === 'in-progress'
        ? EXPORT_POLL_MS
        : false,
  });
  const request = useMutation(
    trpc.orgs.requestExport.mutationOptions({
      onSuccess: (made) =>
        queryClient.setQueryData(trpc.orgs.latestExport.queryKey({ orgId }), made),
    }),
  );
  return (
    <OrgExportCard
      orgSlug={org.slug}
      canExport
      latest={latest}
      now={clock.now()}
      requesting={request.isPending}
      requestError={request.error?.message ?? null}
      onExport={() => {
        if (request.isPending) return;
        request.mutate({ orgId });
      }}
    />
  );
}

const RETENTION_FIELDS = ['days'] as const;

/** How long monitoring keeps raw answers; owners and superusers change it (the server holds that). */
function AnswerRetention({ org }: { org: Org }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const orgId = org.id;
  const { data: mine } = useSuspenseQuery(trpc.orgs.allOrgsForUser.queryOptions());
  const { data: retention } = useSuspenseQuery(
    trpc.monitoring.answerRetention.queryOptions({ orgId }),
  );
  const save = useMutation(
    trpc.monitoring.setAnswerRetention.mutationOptions({
      onSuccess: (next) =>
        queryClient.setQueryData(trpc.monitoring.answerRetention.queryKey({ orgId }), next),
    }),
  );
  const role = mine.find((o) => o.id === orgId)?.role ?? null;
  return (
    <AnswerRetentionCard
      days={retention.days}
      canChange={mayChangeAnswerRetention({ isSuperUser: user.isSuperUser, role })}
      pending={save.isPending}
      saved={save.isSuccess}
      serverErrors={save.error ? formErrorsOf(save.error, RETENTION_FIELDS) : null}
      validate={(value) => {
        const days = value.trim() === '' ? Number.NaN : Number(value);
        return (
          schemaErrorsOf(setAnswerRetentionInput, { orgId, days }, RETENTION_FIELDS).days ??
          undefined
        );
      }}
      onSubmit={(days) => save.mutate({ orgId, days })}
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
