/**
 * An agent's run as screens see it: its items (product × locale × field group), what they produced,
 * what it cost, and why items failed, in plain words. See docs/product.md#agents.
 */
import { AI_BUDGET_MESSAGES } from '~/domain/ai-budget/messages';
import { AI_PROVIDER_NAMES, type AiModelId, type AiProvider } from '~/domain/ai/models';
import type { ProductField } from '~/domain/products/entities';
import type { AgentType } from './catalogue';
import type { ValueRefusal } from './output-checks';

/**
 * queued (planning) → running → succeeded | partly-failed | failed; Cancel makes a queued or running
 * run cancelling, and the run is cancelled once its items in flight end.
 */
export const AGENT_RUN_STATUSES = [
  'queued',
  'running',
  'cancelling',
  'succeeded',
  'partly-failed',
  'failed',
  'cancelled',
] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

export const AGENT_RUN_STATUS_LABEL: Record<AgentRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  cancelling: 'Cancelling',
  succeeded: 'Succeeded',
  'partly-failed': 'Partly failed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function isRunActive(status: AgentRunStatus): boolean {
  return status === 'queued' || status === 'running' || status === 'cancelling';
}

/** An item: asks the model once for one product, locale and field group. */
export const RUN_ITEM_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RunItemStatus = (typeof RUN_ITEM_STATUSES)[number];

/** The fields asked for together in one model call. */
export const FIELD_GROUPS = {
  content: ['name', 'short_description', 'long_description'],
  seo: ['page_title', 'page_description', 'page_keywords'],
} as const satisfies Record<string, readonly ProductField[]>;
export type FieldGroup = keyof typeof FIELD_GROUPS;

/** The groups a set of fields spans, in a fixed order, each with the chosen fields in it. */
export function groupFields(fields: readonly ProductField[]): [FieldGroup, ProductField[]][] {
  return (Object.entries(FIELD_GROUPS) as [FieldGroup, readonly ProductField[]][])
    .map(
      ([group, all]) =>
        [group, all.filter((f) => fields.includes(f))] as [FieldGroup, ProductField[]],
    )
    .filter(([, chosen]) => chosen.length > 0);
}

/** Why an item failed, or why a run stopped. */
export const RUN_ERROR_REASONS = [
  'rate-limited',
  'invalid-key',
  'schema-refused',
  'provider-unavailable',
  'not-configured',
  'instance-permission',
  'instance-unavailable',
  'product-gone',
  'internal',
  'budget-exhausted',
] as const;
export type RunErrorReason = (typeof RUN_ERROR_REASONS)[number];

/** Reasons that fail every item alike: the run stops at the first, keeping what it made. */
export const RUN_STOPPING_REASONS: ReadonlySet<RunErrorReason> = new Set([
  'invalid-key',
  'not-configured',
  'instance-permission',
  // The org's AI budget for the month is spent: no item may call a model any more.
  'budget-exhausted',
]);

export function runErrorMessage(reason: RunErrorReason, provider: AiProvider): string {
  const name = AI_PROVIDER_NAMES[provider];
  switch (reason) {
    case 'rate-limited':
      return `Rate limited: ${name} kept limiting how often Beacon may ask, after every retry. Run again later, or with less concurrency.`;
    case 'invalid-key':
      return `Invalid key: ${name} refused Beacon's API key. Ask an administrator to check the server's ${name} key.`;
    case 'schema-refused':
      return `Schema refused: ${name}'s answer did not have the fields Beacon asked for, twice. Nothing was saved from it.`;
    case 'provider-unavailable':
      return `${name} was unavailable (overloaded, erroring or not answering in time) after every retry.`;
    case 'not-configured':
      return `${name} is not configured on this server. Choose another model, or ask an administrator to add a key.`;
    case 'instance-permission':
      return "Instance permission missing: Beacon's API client may not read the catalogs. Add GET /catalogs and /catalogs/* to its OCAPI Data settings in Business Manager.";
    case 'instance-unavailable':
      return 'The B2C Commerce instance did not answer. Beacon will use the catalogue copy on the next run.';
    case 'product-gone':
      return 'The product is no longer in the catalogue copy: it was deleted on the instance.';
    case 'internal':
      return 'Beacon failed on this item. The team has been told.';
    case 'budget-exhausted':
      return AI_BUDGET_MESSAGES.exhausted;
  }
}

export interface RunErrorSummary {
  reason: RunErrorReason;
  message: string;
  /** Items that failed this way. */
  items: number;
}

export interface AgentRunScope {
  products: number;
  /**
   * The products the run was started for, whatever catalogs its config names (from an answer that
   * got them wrong, monitoring's accuracy check); null: the config's scope.
   */
  only: string[] | null;
  locales: string[];
  fields: ProductField[];
}

export interface AgentRun {
  id: string;
  agentType: AgentType;
  status: AgentRunStatus;
  provider: AiProvider;
  model: AiModelId;
  concurrency: number;
  startedBy: { name: string | null; email: string | null } | null;
  scope: AgentRunScope;
  itemsTotal: number;
  itemsDone: number;
  itemsFailed: number;
  itemsCancelled: number;
  /** Proposals this run created (pending, or since reviewed). */
  proposals: number;
  /** Values the model proposed that failed the checks (empty, unchanged, too long, wrong language). */
  refused: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Why the run stopped early (a run-wide failure), in plain words; null otherwise. */
  error: string | null;
  /** Failed items by reason, most first. */
  errors: RunErrorSummary[];
}

/** Items ended so far (done, failed or cancelled). */
export const itemsEnded = (run: Pick<AgentRun, 'itemsDone' | 'itemsFailed' | 'itemsCancelled'>) =>
  run.itemsDone + run.itemsFailed + run.itemsCancelled;

/** How a finished run is labelled from its counts. */
export function finalStatus(counts: {
  cancelled: boolean;
  itemsDone: number;
  itemsFailed: number;
  stopped: boolean;
}): Extract<AgentRunStatus, 'succeeded' | 'partly-failed' | 'failed' | 'cancelled'> {
  if (counts.stopped) return 'failed';
  if (counts.cancelled) return 'cancelled';
  if (counts.itemsFailed === 0) return 'succeeded';
  return counts.itemsDone > 0 ? 'partly-failed' : 'failed';
}

export interface RunEstimate {
  agentType: AgentType;
  provider: AiProvider;
  model: AiModelId;
  products: number;
  locales: string[];
  fields: ProductField[];
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** An item's refused values, as its row keeps them. */
export interface ItemRefusal {
  field: ProductField;
  refusal: ValueRefusal;
}

export const RUN_CONCURRENCY = { min: 1, max: 50, default: 10 } as const;
export const RUN_HISTORY_LIMIT = 20;

/** What the agents overview shows per agent: whether it has a saved config, and its last run. */
export type AgentsOverview = Record<AgentType, { configured: boolean; lastRun: AgentRun | null }>;

/** A saved config as the form reads it; null before the first save. */
export interface SavedAgentConfig<C> {
  config: C | null;
  updatedAt: Date | null;
}
