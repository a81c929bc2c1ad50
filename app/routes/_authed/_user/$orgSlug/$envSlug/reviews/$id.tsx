/**
 * /app/{orgSlug}/{envSlug}/reviews/{id}: one proposal: the value on the instance against the proposed
 * one as a word-level diff, why the agent proposed it, what its status allows (approve, edit then
 * approve, reject, retry, re-propose) and its history (docs/product.md#reviews). The list's filters
 * ride along in the search, so the way back returns to the same queue.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, type NotFoundRouteProps } from '@tanstack/react-router';
import { ArrowLeftIcon, CheckIcon, PencilIcon, RefreshCwIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useCurrentEnv } from '~/app/lib/env-context';
import { ensureRecord, notFoundMessage } from '~/app/lib/route-helpers';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { useTRPC } from '~/app/lib/trpc';
import type { ReviewDetail } from '~/domain/reviews/entities';
import { reviewsSearch } from '~/domain/reviews/search';
import { canTransition } from '~/domain/reviews/statuses';
import { Button } from '~/ui/components/button';
import { Field, FieldDescription, FieldLabel } from '~/ui/components/field';
import { Textarea } from '~/ui/components/textarea';
import { PageHeader } from '~/ui/patterns/page-header';
import {
  DecisionDialog,
  DecisionNotice,
  type DecisionNoticeValue,
} from '~/ui/patterns/reviews/decisions';
import { KeyboardShortcuts, useShortcuts } from '~/ui/patterns/reviews/keyboard-shortcuts';
import {
  AgentReasoning,
  detailShortcuts,
  neighbours,
  OtherPending,
  REVIEW_DETAIL_TEXT,
  ReviewDetailSkeleton,
  ReviewNotFound,
  ReviewStatusPanel,
  ReviewSummary,
} from '~/ui/patterns/reviews/review-detail';
import { ReviewHistory } from '~/ui/patterns/reviews/review-history';
import { REVIEW_QUEUE_TEXT } from '~/ui/patterns/reviews/review-table';
import { ConflictValues, ValueDiff, ValuePanel } from '~/ui/patterns/reviews/value-diff';

/** While an approved proposal waits for its publish job, the screen asks again this often. */
const PUBLISH_POLL_MS = 1000;

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/reviews/$id')({
  // The loader, the skeleton and the not-found page load with the screen's chunk (with the diff
  // library): in the entry they would cross the bundle budget, and in a chunk of its own the
  // not-found page would split what it shares with the screen into more chunks, which the entry
  // lists (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [
    ['loader', 'component', 'pendingComponent', 'notFoundComponent'],
    ['errorComponent'],
  ],
  // The queue's filters, kept for the way back.
  validateSearch: reviewsSearch,
  search: withoutDefaults(reviewsSearch),
  // The proposal is the same whatever the queue's filters: the search does not reload it.
  loaderDeps: () => ({}),
  loader: async ({ context: { api, orgContext }, params }) => {
    // Without an onboarded instance the env layout shows its gate: nothing here to read.
    if (!orgContext?.onboarded) return;
    // A missing proposal is the route's not-found, with the server's message.
    const input = { ...orgContext.scope, proposalId: params.id };
    await ensureRecord(
      api.queryClient,
      api.trpc.reviews.get.queryOptions(input),
      'review-not-found',
    );
  },
  pendingComponent: ReviewDetailSkeleton,
  notFoundComponent: NotFound,
  component: Screen,
});

function BackToReviews({ children }: { children: (link: ReactNode) => ReactNode }) {
  const params = Route.useParams();
  const search = Route.useSearch();
  const { id: _id, ...envParams } = params;
  return children(
    <Link to="/$orgSlug/$envSlug/reviews" params={envParams} search={search}>
      <ArrowLeftIcon aria-hidden className="size-4" />
      {REVIEW_DETAIL_TEXT.backToReviews}
    </Link>,
  );
}

function NotFound(props: NotFoundRouteProps) {
  return (
    <div className="flex flex-col">
      <PageHeader title={REVIEW_QUEUE_TEXT.title} />
      <div className="p-8">
        <BackToReviews>
          {(link) => (
            <ReviewNotFound
              message={notFoundMessage(props)}
              action={
                <Button asChild variant="outline">
                  {link}
                </Button>
              }
            />
          )}
        </BackToReviews>
      </div>
    </div>
  );
}

function Screen() {
  const params = Route.useParams();
  // Another proposal (the product's next) starts afresh: no edit, no message from the last one.
  return <Proposal key={params.id} />;
}

function Proposal() {
  const { org, env } = useCurrentEnv();
  const params = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = { orgId: org.id, envId: env.id };
  const input = { ...scope, proposalId: params.id };
  const getKey = trpc.reviews.get.queryKey(input);
  const { data: detail } = useSuspenseQuery(
    trpc.reviews.get.queryOptions(input, {
      // Approved: the publish job writes it soon; the screen follows it to published (or failed).
      refetchInterval: (query) =>
        query.state.data?.status === 'approved' ? PUBLISH_POLL_MS : false,
    }),
  );

  const [draft, setDraft] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [notice, setNotice] = useState<DecisionNoticeValue | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries(trpc.reviews.pathFilter());
    // The products screens count each product's pending proposals.
    void queryClient.invalidateQueries(trpc.products.pathFilter());
  };
  const failed = (error: { message: string }) => {
    // Refused (decided meanwhile, a newer proposal) or failed: say why, and show where it stands now.
    setNotice({ kind: 'error', text: error.message });
    refresh();
  };
  const succeeded = (text: string) => {
    setNotice({ kind: 'success', text });
    refresh();
  };
  const decided = (text: string) => (result: { changed: number }) =>
    succeeded(result.changed > 0 ? text : REVIEW_DETAIL_TEXT.decidedMeanwhile);
  const replaced = (text: string) => (next: ReviewDetail) => {
    queryClient.setQueryData(getKey, next);
    setDraft(null);
    succeeded(text);
  };

  const approve = useMutation(
    trpc.reviews.approve.mutationOptions({
      onSuccess: decided(REVIEW_DETAIL_TEXT.approved),
      onError: failed,
    }),
  );
  const reject = useMutation(
    trpc.reviews.reject.mutationOptions({
      onSuccess: (result) => {
        setRejecting(false);
        decided(REVIEW_DETAIL_TEXT.rejected)(result);
      },
    }),
  );
  const approveEdited = useMutation(
    trpc.reviews.approveEdited.mutationOptions({
      onSuccess: replaced(REVIEW_DETAIL_TEXT.approvedEdited),
      onError: failed,
    }),
  );
  const retry = useMutation(
    trpc.reviews.retry.mutationOptions({
      onSuccess: replaced(REVIEW_DETAIL_TEXT.retried),
      onError: failed,
    }),
  );
  const repropose = useMutation(
    trpc.reviews.repropose.mutationOptions({
      onSuccess: replaced(REVIEW_DETAIL_TEXT.reproposed),
      onError: failed,
    }),
  );
  const busy =
    approve.isPending ||
    reject.isPending ||
    approveEdited.isPending ||
    retry.isPending ||
    repropose.isPending;

  const { status } = detail;
  const editing = draft !== null;
  // What the status allows (domain/reviews/statuses.ts); the server checks it again.
  const can = {
    approve: status === 'pending' && canTransition(status, 'approved'),
    edit: status === 'pending' && canTransition(status, 'approved'),
    reject: canTransition(status, 'rejected'),
    retry: status === 'publish-failed' && canTransition(status, 'approved'),
    repropose: status === 'conflict' && canTransition(status, 'pending'),
  };
  const { previous, next } = neighbours(detail);

  const doApprove = () => {
    setNotice(null);
    approve.mutate({ ...scope, selection: { ids: [detail.id] } });
  };
  const startEdit = () => {
    setNotice(null);
    setDraft(detail.proposedValue);
  };
  const startReject = () => {
    setNotice(null);
    reject.reset();
    setRejecting(true);
  };
  const goTo = (id: string | null) =>
    id
      ? () =>
          void navigate({ to: '/$orgSlug/$envSlug/reviews/$id', params: { ...params, id }, search })
      : undefined;
  useShortcuts(
    {
      a: can.approve && !busy ? doApprove : undefined,
      e: can.edit && !busy ? startEdit : undefined,
      r: can.reject && !busy ? startReject : undefined,
      '[': goTo(previous),
      p: goTo(previous),
      ']': goTo(next),
      n: goTo(next),
    },
    !editing,
  );

  const { id: _id, ...envParams } = params;
  const otherLink = (id: string, children: ReactNode) => (
    <Link to="/$orgSlug/$envSlug/reviews/$id" params={{ ...params, id }} search={search}>
      {children}
    </Link>
  );
  const valuesTitleId = useId();

  return (
    // Positioned: the dialog's hidden inputs stay inside the screen's scroll area.
    <div className="relative flex flex-col">
      <div className="px-8 pt-6">
        <BackToReviews>
          {(link) => (
            <span className="text-sm text-primary underline-offset-4 hover:underline [&>a]:inline-flex [&>a]:items-center [&>a]:gap-1.5">
              {link}
            </span>
          )}
        </BackToReviews>
      </div>
      <PageHeader
        title={detail.productName ?? detail.b2cProductId}
        description={
          <ReviewSummary
            detail={detail}
            productLink={(children) => (
              <Link
                to="/$orgSlug/$envSlug/products/$productId"
                params={{ ...envParams, productId: detail.b2cProductId }}
              >
                {children}
              </Link>
            )}
          />
        }
      />
      <div className="flex max-w-6xl flex-col gap-8 p-8">
        <ReviewStatusPanel detail={detail} />

        <section aria-labelledby={valuesTitleId} className="flex flex-col gap-4">
          <h2 id={valuesTitleId} className="text-base font-semibold">
            {REVIEW_DETAIL_TEXT.valuesTitle}
          </h2>
          {editing ? (
            <EditValue
              draft={draft}
              current={detail.currentValue}
              onChange={setDraft}
              onCancel={() => setDraft(null)}
              onApprove={(value) => {
                setNotice(null);
                approveEdited.mutate({ ...scope, proposalId: detail.id, value });
              }}
              approving={approveEdited.isPending}
            />
          ) : null}
          <Values detail={detail} draft={draft} />
          {detail.markup ? (
            <p className="text-xs text-base-content/75">{REVIEW_DETAIL_TEXT.markupNote}</p>
          ) : null}
        </section>

        <div className="flex flex-col gap-3">
          {!editing ? (
            <div data-slot="review-actions" className="flex flex-wrap items-center gap-2">
              {can.approve ? (
                <Button
                  onClick={doApprove}
                  loading={approve.isPending}
                  disabled={busy && !approve.isPending}
                >
                  {approve.isPending ? null : <CheckIcon aria-hidden />}
                  {REVIEW_DETAIL_TEXT.approve}
                </Button>
              ) : null}
              {can.edit ? (
                <Button variant="outline" onClick={startEdit} disabled={busy}>
                  <PencilIcon aria-hidden />
                  {REVIEW_DETAIL_TEXT.edit}
                </Button>
              ) : null}
              {can.retry ? (
                <Button
                  onClick={() => {
                    setNotice(null);
                    retry.mutate(input);
                  }}
                  loading={retry.isPending}
                  disabled={busy && !retry.isPending}
                >
                  {retry.isPending ? null : <RefreshCwIcon aria-hidden />}
                  {REVIEW_DETAIL_TEXT.retry}
                </Button>
              ) : null}
              {can.repropose ? (
                <Button
                  onClick={() => {
                    setNotice(null);
                    repropose.mutate(input);
                  }}
                  loading={repropose.isPending}
                  disabled={busy && !repropose.isPending}
                >
                  {repropose.isPending ? null : <RefreshCwIcon aria-hidden />}
                  {REVIEW_DETAIL_TEXT.repropose}
                </Button>
              ) : null}
              {can.reject ? (
                <Button variant="outline" onClick={startReject} disabled={busy}>
                  <XIcon aria-hidden />
                  {REVIEW_DETAIL_TEXT.reject}
                </Button>
              ) : null}
            </div>
          ) : null}
          <DecisionNotice notice={notice} />
          <KeyboardShortcuts
            shortcuts={detailShortcuts({
              approve: can.approve && !editing,
              edit: can.edit && !editing,
              reject: can.reject && !editing,
              step: detail.otherPending.length > 0 && !editing,
            })}
          />
          <OtherPending items={detail.otherPending} renderLink={otherLink} />
        </div>

        <AgentReasoning detail={detail} />
        <ReviewHistory events={detail.events} />
      </div>

      <DecisionDialog
        decision={rejecting ? 'reject' : null}
        count={1}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) =>
          reject.mutate(
            { ...scope, selection: { ids: [detail.id] }, reason },
            // The dialog shows the failure; the screen shows where the proposal stands now.
            { onError: refresh },
          )
        }
        pending={reject.isPending}
        error={reject.error?.message ?? null}
      />
    </div>
  );
}

/** The values the status calls for: a diff against the instance, or a conflict's three values. */
function Values({ detail, draft }: { detail: ReviewDetail; draft: string | null }) {
  const T = REVIEW_DETAIL_TEXT;
  if (detail.status === 'conflict') {
    return (
      <ConflictValues
        values={[
          { label: T.then, value: detail.currentValue },
          { label: T.nowOnInstance, value: detail.conflictValue },
          { label: T.proposed, value: detail.proposedValue },
        ]}
      />
    );
  }
  const [beforeLabel, afterLabel] =
    detail.status === 'published'
      ? [T.before, T.nowLive]
      : detail.status === 'approved' || detail.status === 'publish-failed'
        ? [T.onInstance, T.approvedValue]
        : [T.onInstance, draft === null ? T.proposed : T.yourEdit];
  return (
    <>
      <ValueDiff
        before={detail.currentValue}
        after={draft ?? detail.proposedValue}
        beforeLabel={beforeLabel}
        afterLabel={afterLabel}
      />
      {/* A reviewer's edit replaced the agent's value: the agent's stays in view. */}
      {detail.agentValue !== null && detail.agentValue !== detail.proposedValue ? (
        <ValuePanel label={T.agentValue}>{detail.agentValue}</ValuePanel>
      ) : null}
    </>
  );
}

/** The proposed value as the reviewer edits it; the diff below follows each keystroke. */
function EditValue({
  draft,
  current,
  onChange,
  onCancel,
  onApprove,
  approving,
}: {
  draft: string;
  current: string | null;
  onChange: (value: string) => void;
  onCancel: () => void;
  onApprove: (value: string) => void;
  approving: boolean;
}) {
  const reasonId = useId();
  const reason =
    draft.trim() === ''
      ? REVIEW_DETAIL_TEXT.editEmpty
      : draft === (current ?? '')
        ? REVIEW_DETAIL_TEXT.editSame
        : null;
  return (
    <div data-slot="review-edit" className="flex flex-col gap-3">
      <Field>
        <FieldLabel>{REVIEW_DETAIL_TEXT.editLabel}</FieldLabel>
        <Textarea
          value={draft}
          autoFocus
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !approving) onCancel();
          }}
        />
        <FieldDescription>{REVIEW_DETAIL_TEXT.editDescription}</FieldDescription>
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={() => onApprove(draft)}
          loading={approving}
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
        >
          {approving ? null : <CheckIcon aria-hidden />}
          {REVIEW_DETAIL_TEXT.approveEdited}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={approving}>
          {REVIEW_DETAIL_TEXT.cancelEdit}
        </Button>
        {reason ? (
          <p id={reasonId} className="text-sm text-base-content/75">
            {reason}
          </p>
        ) : null}
      </div>
    </div>
  );
}
