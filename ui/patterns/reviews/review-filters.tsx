/** The review queue's filters: each control shows the URL's value and reports a change; the screen writes the URL. */
import { XIcon } from 'lucide-react';
import { AGENT_TYPES, type AgentType } from '~/domain/agents/catalogue';
import type { ReviewStatusFilter } from '~/domain/reviews/search';
import { Button } from '~/ui/components/button';
import { Field, FieldLabel } from '~/ui/components/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/ui/components/select';
import { Switch } from '~/ui/components/switch';
import { TextFilter } from '~/ui/patterns/text-filter';
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
      <TextFilter
        value={values.b2cProductId}
        onChange={(b2cProductId) => onChange({ b2cProductId })}
        label={REVIEW_FILTER_TEXT.productId}
        searchLabel="Proposals for one product"
        placeholder={REVIEW_FILTER_TEXT.productIdPlaceholder}
        className="w-56"
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
