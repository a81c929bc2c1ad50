/** The review queue's filters on the filter bar: status, agent, product ID, offline, run. */
import { XIcon } from 'lucide-react';
import { AGENT_TYPES, type AgentType } from '~/domain/agents/catalogue';
import type { ReviewStatusFilter } from '~/domain/reviews/search';
import { Button } from '~/ui/components/button';
import {
  FILTER_BAR_TEXT,
  FilterBar,
  labelledOptions,
  narrowsList,
  ProductIdAndOfflineFilters,
  SelectFilter,
} from '~/ui/patterns/filter-bar';
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
  productId: FILTER_BAR_TEXT.productId,
  productIdPlaceholder: 'e.g. alpine-rain-jacket',
  showOffline: FILTER_BAR_TEXT.showOffline,
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
  return narrowsList(values, {
    reviewStatus: 'pending',
    agentType: 'all',
    b2cProductId: undefined,
    showOffline: false,
    runId: undefined,
  });
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
    <FilterBar slot="review-filters" active={hasReviewFilters(values)} onClear={onClear}>
      <SelectFilter
        label={REVIEW_FILTER_TEXT.status}
        className="w-36"
        value={values.reviewStatus}
        options={labelledOptions(REVIEW_STATUS_FILTER_LABEL)}
        onChange={(reviewStatus) => onChange({ reviewStatus })}
      />
      <SelectFilter
        label={REVIEW_FILTER_TEXT.agent}
        className="w-52"
        value={values.agentType === 'all' ? undefined : values.agentType}
        all={REVIEW_FILTER_TEXT.allAgents}
        options={AGENT_TYPES.map((type) => ({ value: type, label: agentName(type) }))}
        onChange={(agentType) => onChange({ agentType: agentType ?? 'all' })}
      />
      <ProductIdAndOfflineFilters
        values={values}
        onChange={onChange}
        searchLabel="Proposals for one product"
        placeholder={REVIEW_FILTER_TEXT.productIdPlaceholder}
        className="w-56"
      />
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
    </FilterBar>
  );
}
