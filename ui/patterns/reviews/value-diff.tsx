/**
 * A field's value before and after a change, side by side, as a word-level diff (jsdiff): what goes
 * is struck through on the left, what comes is marked on the right. Values are untrusted text, markup
 * included: they are rendered as text nodes, never parsed as HTML.
 *
 * diffWordsWithSpace rather than diffWords: diffWords ignores whitespace and keeps the new string's
 * spaces in common parts, so the left side, put back together, is not always the instance's value
 * ("over $75 ." for "over $75."). With spaces as tokens each side reads exactly as its value.
 */
import { diffWordsWithSpace } from 'diff';
import { type ReactNode, useDeferredValue, useId, useMemo } from 'react';
import { cn } from '~/ui/lib/cn';

export const DIFF_TEXT = {
  added: 'added',
  removed: 'removed',
  empty: 'Empty: the field has no value in this locale.',
} as const;

export function ValueDiff({
  before,
  after,
  beforeLabel,
  afterLabel,
  className,
}: {
  /** The value being replaced; null when the field is empty. */
  before: string | null;
  after: string;
  beforeLabel: string;
  afterLabel: string;
  className?: string;
}) {
  // While someone types, the diff may lag a keystroke behind rather than slow the typing.
  const shownAfter = useDeferredValue(after);
  const changes = useMemo(() => diffWordsWithSpace(before ?? '', shownAfter), [before, shownAfter]);
  return (
    <div data-slot="value-diff" className={cn('grid gap-4 md:grid-cols-2', className)}>
      <ValuePanel label={beforeLabel} side="before">
        {before === null || before === '' ? (
          <span className="text-base-content/70 italic">{DIFF_TEXT.empty}</span>
        ) : (
          changes.map((change, i) =>
            change.added ? null : change.removed ? (
              <del
                key={i}
                className="rounded-sm bg-error/15 text-base-content decoration-error decoration-2"
              >
                <span className="sr-only">{`${DIFF_TEXT.removed}: `}</span>
                {change.value}
              </del>
            ) : (
              <span key={i}>{change.value}</span>
            ),
          )
        )}
      </ValuePanel>
      <ValuePanel label={afterLabel} side="after">
        {changes.map((change, i) =>
          change.removed ? null : change.added ? (
            <ins
              key={i}
              className="rounded-sm bg-success/20 text-base-content underline decoration-success decoration-2 underline-offset-2"
            >
              <span className="sr-only">{`${DIFF_TEXT.added}: `}</span>
              {change.value}
            </ins>
          ) : (
            <span key={i}>{change.value}</span>
          ),
        )}
      </ValuePanel>
    </div>
  );
}

/** One value under its label, as text: line breaks kept, long words wrapped. */
export function ValuePanel({
  label,
  side,
  children,
}: {
  label: string;
  side?: string;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <section
      data-slot="value-panel"
      data-side={side}
      aria-labelledby={labelId}
      className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 p-4"
    >
      <h3
        id={labelId}
        className="text-xs font-semibold tracking-wide text-base-content/75 uppercase"
      >
        {label}
      </h3>
      <p className="text-sm leading-6 break-words whitespace-pre-wrap">{children}</p>
    </section>
  );
}

/** A value with no diff (the three values of a conflict), or "Empty" when there is none. */
export function PlainValue({ value }: { value: string | null }) {
  return value === null || value === '' ? (
    <span className="text-base-content/70 italic">{DIFF_TEXT.empty}</span>
  ) : (
    value
  );
}

/** A conflict's three values side by side: what the agent read, what the instance has now, the proposal. */
export function ConflictValues({
  values,
}: {
  values: readonly { label: string; value: string | null }[];
}) {
  return (
    <div data-slot="conflict-values" className="grid gap-4 md:grid-cols-3">
      {values.map(({ label, value }) => (
        <ValuePanel key={label} label={label}>
          <PlainValue value={value} />
        </ValuePanel>
      ))}
    </div>
  );
}
