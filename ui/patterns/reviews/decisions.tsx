/**
 * Deciding proposals: the bar that follows a selection (count, Approve all, Reject all, Clear), the
 * dialog that confirms a decision (a rejection with an optional reason), and the line that says how
 * it went. Shared by the queue and one proposal's screen.
 */
import { CheckIcon, CircleCheckIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { DecisionResult } from '~/domain/reviews/entities';
import { REJECT_REASON_MAX } from '~/domain/reviews/inputs';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/ui/components/dialog';
import { Field, FieldDescription, FieldLabel } from '~/ui/components/field';
import { Textarea } from '~/ui/components/textarea';
import { cn } from '~/ui/lib/cn';
import { formatCount, proposalCount } from './format';

export type Decision = 'approve' | 'reject';

export const DECISION_TEXT = {
  barLabel: 'Selected proposals',
  /** "3 selected". */
  selected: (n: number) => `${formatCount(n)} selected`,
  /** "All 128 matching selected". */
  allMatching: (n: number) => `All ${formatCount(n)} matching selected`,
  approveAll: 'Approve all',
  rejectAll: 'Reject all',
  clear: 'Clear',
  /** "Approve 3 proposals?", "Reject this proposal?" */
  title: (decision: Decision, n: number) =>
    `${decision === 'approve' ? 'Approve' : 'Reject'} ${n === 1 ? 'this proposal' : proposalCount(n)}?`,
  approveDescription: (n: number) =>
    n === 1
      ? 'It is published to the instance once approved.'
      : 'They are published to the instance once approved.',
  rejectDescription: (n: number) =>
    `Nothing is written to the instance; the ${n === 1 ? 'proposal stays' : 'proposals stay'} in the history as rejected.`,
  reason: 'Reason (optional)',
  reasonDescription: `Shown in the proposal's history. Up to ${REJECT_REASON_MAX} characters.`,
  /** "Approve 3 proposals", the confirming button ("Reject" for one). */
  confirm: (decision: Decision, n: number) =>
    `${decision === 'approve' ? 'Approve' : 'Reject'}${n === 1 ? '' : ` ${proposalCount(n)}`}`,
  cancel: 'Cancel',
  failedTitle: (decision: Decision) =>
    decision === 'approve' ? 'Could not approve' : 'Could not reject',
  /** "Approved 3 proposals", and what was left as it was (decided meanwhile by someone else). */
  done: (decision: Decision, result: DecisionResult) => {
    const did = `${decision === 'approve' ? 'Approved' : 'Rejected'} ${proposalCount(result.changed)}`;
    if (result.skipped === 0) return did;
    const n = result.skipped;
    return `${did}; ${formatCount(n)} ${n === 1 ? 'was' : 'were'} decided meanwhile and left as ${n === 1 ? 'it was' : 'they were'}`;
  },
} as const;

/** Sticks to the bottom of the screen while proposals are picked. */
export function SelectionBar({
  label,
  canDecide,
  onApprove,
  onReject,
  onClear,
}: {
  /** "3 selected", "All 128 matching selected". */
  label: string;
  /** Approve all and Reject all, where the picked proposals can be decided (pending ones). */
  canDecide: boolean;
  onApprove: () => void;
  onReject: () => void;
  onClear: () => void;
}) {
  return (
    <section
      data-slot="selection-bar"
      aria-label={DECISION_TEXT.barLabel}
      className="sticky bottom-4 z-10 flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 px-4 py-3 shadow-lg"
    >
      <p className="mr-auto text-sm font-semibold" aria-live="polite">
        {label}
      </p>
      {canDecide ? (
        <>
          <Button size="sm" onClick={onApprove}>
            <CheckIcon aria-hidden />
            {DECISION_TEXT.approveAll}
          </Button>
          <Button size="sm" variant="outline" onClick={onReject}>
            <XIcon aria-hidden />
            {DECISION_TEXT.rejectAll}
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {DECISION_TEXT.clear}
      </Button>
    </section>
  );
}

export interface DecisionDialogProps {
  /** The decision to confirm; null when the dialog is closed. */
  decision: Decision | null;
  /** How many proposals it decides. */
  count: number;
  onClose: () => void;
  /** Confirmed; a rejection passes its reason (trimmed; undefined when none was given). */
  onConfirm: (reason: string | undefined) => void;
  pending: boolean;
  error: string | null;
}

export function DecisionDialog({ decision, onClose, pending, ...rest }: DecisionDialogProps) {
  return (
    <Dialog
      open={decision !== null}
      onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}
    >
      <DialogContent data-slot="decision-dialog">
        {/* Mounted per opening: each starts with an empty reason. */}
        {decision ? <DecisionForm decision={decision} pending={pending} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DecisionForm({
  decision,
  count,
  onConfirm,
  pending,
  error,
}: Omit<DecisionDialogProps, 'decision' | 'onClose'> & { decision: Decision }) {
  const [reason, setReason] = useState('');
  const counterId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    onConfirm(decision === 'reject' ? reason.trim() || undefined : undefined);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{DECISION_TEXT.title(decision, count)}</DialogTitle>
        <DialogDescription>
          {decision === 'approve'
            ? DECISION_TEXT.approveDescription(count)
            : DECISION_TEXT.rejectDescription(count)}
        </DialogDescription>
      </DialogHeader>
      {decision === 'reject' ? (
        <Field>
          <FieldLabel>{DECISION_TEXT.reason}</FieldLabel>
          <Textarea
            value={reason}
            maxLength={REJECT_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={counterId}
            rows={3}
          />
          <FieldDescription>{DECISION_TEXT.reasonDescription}</FieldDescription>
          <p id={counterId} className="text-right text-xs text-base-content/70 tabular-nums">
            {`${reason.length} / ${REJECT_REASON_MAX}`}
          </p>
        </Field>
      ) : null}
      {error ? (
        <Callout variant="error" title={DECISION_TEXT.failedTitle(decision)} description={error} />
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            {DECISION_TEXT.cancel}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={decision === 'approve' ? 'primary' : 'destructive'}
          loading={pending}
        >
          {DECISION_TEXT.confirm(decision, count)}
        </Button>
      </DialogFooter>
    </form>
  );
}

export interface DecisionNoticeValue {
  kind: 'success' | 'error';
  text: string;
}

/**
 * How the last decision went, announced politely (a failure at once). The live region stays mounted,
 * so a screen reader hears each new message.
 */
export function DecisionNotice({
  notice,
  className,
}: {
  notice: DecisionNoticeValue | null;
  className?: string;
}) {
  return (
    <div data-slot="decision-notice" className={cn('flex min-w-0 flex-col gap-1', className)}>
      <p role="status" className="text-sm">
        {notice?.kind === 'success' ? (
          <span className="inline-flex items-center gap-2 rounded-field border border-success/50 bg-success/10 px-3 py-1 font-medium">
            <CircleCheckIcon aria-hidden className="size-4 shrink-0" />
            {notice.text}
          </span>
        ) : null}
      </p>
      {notice?.kind === 'error' ? (
        <p role="alert" className="text-sm font-medium text-error">
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
