/** A proposal's audit trail, oldest first: what happened, who did it (or Beacon), when, and what it concerned. */
import { useId } from 'react';
import type { ProposalAction, ProposalEvent } from '~/domain/reviews/entities';
import { formatDateTime, personName } from './format';

export const HISTORY_TEXT = {
  title: 'History',
  empty: 'Nothing has happened to this proposal yet.',
  note: 'Note',
  value: 'Value',
} as const;

export const PROPOSAL_ACTION_LABEL: Record<ProposalAction, string> = {
  proposed: 'Proposed',
  edited: 'Edited',
  approved: 'Approved',
  rejected: 'Rejected',
  published: 'Published',
  'publish-failed': 'Publish failed',
  conflict: 'Conflict found',
  superseded: 'Superseded',
  retried: 'Retried',
  reproposed: 'Re-proposed',
};

export function ReviewHistory({ events }: { events: readonly ProposalEvent[] }) {
  const titleId = useId();
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        {HISTORY_TEXT.title}
      </h2>
      {ordered.length === 0 ? (
        <p className="text-sm text-base-content/75">{HISTORY_TEXT.empty}</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col border-l border-base-300">
          {ordered.map((event) => (
            <li
              key={event.id}
              data-action={event.action}
              className="relative flex flex-col gap-1 pb-4 pl-5 text-sm last:pb-0"
            >
              <span
                aria-hidden
                className="absolute top-1.5 -left-[5px] size-2.5 rounded-full border-2 border-base-100 bg-base-content/50"
              />
              <p>
                <span className="font-semibold">{PROPOSAL_ACTION_LABEL[event.action]}</span>
                {` by ${personName(event.actor)} · `}
                <time dateTime={event.at.toISOString()} className="text-base-content/80">
                  {formatDateTime(event.at)}
                </time>
              </p>
              {event.note ? (
                <p className="text-base-content/85">
                  <span className="sr-only">{`${HISTORY_TEXT.note}: `}</span>
                  {event.note}
                </p>
              ) : null}
              {event.value !== null ? (
                <p className="rounded-field bg-base-200 px-3 py-2 break-words whitespace-pre-wrap text-base-content/90">
                  <span className="sr-only">{`${HISTORY_TEXT.value}: `}</span>
                  {event.value}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
