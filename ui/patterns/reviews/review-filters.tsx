/** The review queue's filters: each control shows the URL's value and reports a change; the screen writes the URL. */
import { SearchIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { AGENT_TYPES, type AgentType } from '~/domain/agents/catalogue';
import type { ReviewStatusFilter } from '~/domain/reviews/search';
import { Button } from '~/ui/components/button';
import { Field, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/ui/components/select';
import { Switch } from '~/ui/components/switch';
import { agentName, shortId } from './format';

export interface ReviewFilterValues {
  reviewStatus: ReviewStatusFilter;
  agentType: AgentType | 'all';
  b2cProductId?: string | undefined;
  showOffline: boolean;
  runId?: string | undefined;
}

export const REVIEW_FILTER_TEXT = {
  status: 'Status',
  agent: 'Agent',
  allAgents: 'All agents',
  productId: 'Product ID',
  productIdPlaceholder: 'e.g. alpine-rain-jacket',
  showOffline: 'Show offline',
  clear: 'Clear filters',
  /** "Run 3f1c2a9e". */
  run: (runId: string) => `Run ${shortId(runId)}`,
  removeRun: (runId: string) => `Remove the filter Run ${shortId(runId)}`,
} as const;

export const REVIEW_STATUS_FILTER_LABEL: Record<ReviewStatusFilter, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};

/** Typing in the product id filter updates the URL once the typing pauses this long. */
export const REVIEW_PRODUCT_ID_DEBOUNCE_MS = 400;

/** Whether any filter differs from the queue's default (pending, every agent, online products). */
export function hasReviewFilters(values: ReviewFilterValues): boolean {
  return Boolean(
    values.reviewStatus !== 'pending' ||
    values.agentType !== 'all' ||
    values.b2cProductId ||
    values.showOffline ||
    values.runId,
  );
}

export function ReviewFilters({
  values,
  onChange,
  onClear,
}: {
  values: ReviewFilterValues;
  /** A changed filter; `undefined` removes it. */
  onChange: (patch: Partial<ReviewFilterValues>) => void;
  onClear: () => void;
}) {
  return (
    <div
      data-slot="review-filters"
      role="group"
      aria-label="Filters"
      className="flex flex-wrap items-end gap-4"
    >
      <Field className="w-36">
        <FieldLabel>{REVIEW_FILTER_TEXT.status}</FieldLabel>
        <Select
          value={values.reviewStatus}
          onValueChange={(value) => onChange({ reviewStatus: value as ReviewStatusFilter })}
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(REVIEW_STATUS_FILTER_LABEL) as ReviewStatusFilter[]).map((status) => (
              <SelectItem key={status} value={status}>
                {REVIEW_STATUS_FILTER_LABEL[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field className="w-52">
        <FieldLabel>{REVIEW_FILTER_TEXT.agent}</FieldLabel>
        <Select
          value={values.agentType}
          onValueChange={(value) => onChange({ agentType: value as AgentType | 'all' })}
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{REVIEW_FILTER_TEXT.allAgents}</SelectItem>
            {AGENT_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {agentName(type)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <ProductIdFilter
        value={values.b2cProductId}
        onChange={(b2cProductId) => onChange({ b2cProductId })}
      />
      <Field orientation="horizontal" className="h-10">
        <Switch
          checked={values.showOffline}
          onCheckedChange={(checked) => onChange({ showOffline: checked })}
        />
        <FieldLabel>{REVIEW_FILTER_TEXT.showOffline}</FieldLabel>
      </Field>
      {values.runId ? (
        <span
          data-slot="run-filter"
          className="inline-flex h-10 items-center gap-1 rounded-full border border-base-content/40 bg-base-200 pr-1 pl-3 text-sm"
        >
          <span className="font-medium">{REVIEW_FILTER_TEXT.run(values.runId)}</span>
          <Button
            variant="ghost"
            size="sm"
            className="size-8 rounded-full px-0"
            aria-label={REVIEW_FILTER_TEXT.removeRun(values.runId)}
            onClick={() => onChange({ runId: undefined })}
          >
            <XIcon aria-hidden />
          </Button>
        </span>
      ) : null}
      <Button variant="ghost" onClick={onClear} disabled={!hasReviewFilters(values)}>
        <XIcon aria-hidden />
        {REVIEW_FILTER_TEXT.clear}
      </Button>
    </div>
  );
}

/** One product's proposals: sent on Enter, or once typing pauses; follows the URL when it changes elsewhere. */
function ProductIdFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // The URL changed (cleared, back button): show its value instead of what was typed.
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const typed = text.trim() || undefined;
  const send = useEffectEvent((next: string | undefined) => onChange(next));
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => send(typed), REVIEW_PRODUCT_ID_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== value) onChange(typed);
  };
  return (
    <form role="search" aria-label="Proposals for one product" onSubmit={submit} className="w-56">
      <Field>
        <FieldLabel>{REVIEW_FILTER_TEXT.productId}</FieldLabel>
        <div className="relative">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-3 left-3 size-4 text-base-content/60"
          />
          <Input
            type="search"
            value={text}
            placeholder={REVIEW_FILTER_TEXT.productIdPlaceholder}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </Field>
    </form>
  );
}
