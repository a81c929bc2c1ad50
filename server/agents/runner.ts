/**
 * How a run is worked, as background jobs (server/agents/jobs.ts):
 *
 * - `agents.plan` checks that the instance still lets Beacon read its catalogs, lists the products in
 *   scope from the copy, writes one item per product × locale × field group, and queues every item as
 *   a job of the run's group: the queue runs at most `concurrency` of a group at a time across every
 *   worker process (docs/decisions/0024-agent-runs.md).
 * - `agents.item` asks the model for its fields, checks the answer, and stores the proposals
 *   (superseding older pending ones), the item's end and the run's totals in one transaction. An item
 *   of a run cancelled or stopped ends cancelled without asking the model.
 *
 * Every step is idempotent: an item already ended is not asked again when its job is delivered twice
 * (a worker killed after the commit), and the proposals' unique pending index keeps one pending
 * proposal per product, locale and field whatever happens.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AiError, type AiErrorReason } from '~/domain/ai/errors';
import type { AiProvider } from '~/domain/ai/models';
import { type AgentConfig, agentConfigSchema } from '~/domain/agents/config';
import { checkProposedValue, languageOf, type ValueRefusal } from '~/domain/agents/output-checks';
import { answerSchema, itemPrompt, systemPrompt } from '~/domain/agents/prompts';
import {
  FIELD_GROUPS,
  type FieldGroup,
  groupFields,
  type ItemRefusal,
  RUN_STOPPING_REASONS,
  type RunErrorReason,
  runErrorMessage,
} from '~/domain/agents/runs';
import type { ProductField } from '~/domain/products/entities';
import { DomainError } from '~/domain/shared/errors';
import type { Db, DbOrTx } from '~/server/db/client';
import {
  agentRunItems,
  agentRuns,
  catalogProducts,
  proposalEvents,
  proposals,
} from '~/server/db/schema';
import { B2CError, B2CPermissionError } from '~/server/integrations/b2c/errors';
import type { JobContext } from '~/server/jobs/define';
import { cleanProposedValue } from './sanitize';
import { FIELD_COLUMNS, scopeProductIds } from './scope';

export const AGENTS_PLAN_JOB = 'agents.plan';
export const AGENTS_ITEM_JOB = 'agents.item';
/** Tries after the first for an item whose model call failed transiently. */
export const ITEM_RETRY = { limit: 3, delaySeconds: 2, maxDelaySeconds: 60 } as const;

const INSERT_CHUNK = 1000;

export const itemKey = (runId: string, idx: number) => `${runId}:${idx}`;

/** The localized fields of the item's product, as the item's query reads them. */
const productColumns = Object.fromEntries(
  Object.entries(FIELD_COLUMNS).map(([field, column]) => [field, column]),
) as Record<ProductField, typeof catalogProducts.name>;

type RunRow = typeof agentRuns.$inferSelect;

/** Hooks a benchmark reads; the product never needs them. */
export interface RunnerProbe {
  onItemStored?: (timing: { modelMs: number; storeMs: number; itemMs: number }) => void;
}
let probe: RunnerProbe = {};
export function setRunnerProbe(next: RunnerProbe) {
  probe = next;
}

function aiReason(reason: AiErrorReason): RunErrorReason {
  switch (reason) {
    case 'rate_limited':
      return 'rate-limited';
    case 'auth':
      return 'invalid-key';
    case 'malformed_output':
    case 'schema_mismatch':
      return 'schema-refused';
    default:
      return 'provider-unavailable';
  }
}

async function readRun(db: Db, runId: string): Promise<RunRow | undefined> {
  const [run] = await db.select().from(agentRuns).where(eq(agentRuns.id, runId));
  return run;
}

/** The run's end, once its last item ended: labelled from its counts. Only one caller gets here per run. */
async function finishRun(db: DbOrTx, run: Pick<RunRow, 'id'>): Promise<void> {
  await db
    .update(agentRuns)
    .set({
      status: sql`case
        when ${agentRuns.errorReason} is not null then 'failed'
        when ${agentRuns.status} = 'cancelling' then 'cancelled'
        when ${agentRuns.itemsFailed} = 0 then 'succeeded'
        when ${agentRuns.itemsDone} > 0 then 'partly-failed'
        else 'failed' end`,
      finishedAt: new Date(),
    })
    .where(
      and(eq(agentRuns.id, run.id), inArray(agentRuns.status, ['queued', 'running', 'cancelling'])),
    );
}

/** Adds an ended item to the run's totals; finishes the run when it was the last. */
async function addToRun(
  db: DbOrTx,
  runId: string,
  add: {
    done?: number;
    failed?: number;
    cancelled?: number;
    proposals?: number;
    refused?: number;
    inputTokens?: number;
    outputTokens?: number;
    costUsd?: number;
  },
): Promise<void> {
  const [totals] = await db
    .update(agentRuns)
    .set({
      itemsDone: sql`${agentRuns.itemsDone} + ${add.done ?? 0}`,
      itemsFailed: sql`${agentRuns.itemsFailed} + ${add.failed ?? 0}`,
      itemsCancelled: sql`${agentRuns.itemsCancelled} + ${add.cancelled ?? 0}`,
      proposals: sql`${agentRuns.proposals} + ${add.proposals ?? 0}`,
      refused: sql`${agentRuns.refused} + ${add.refused ?? 0}`,
      inputTokens: sql`${agentRuns.inputTokens} + ${add.inputTokens ?? 0}`,
      outputTokens: sql`${agentRuns.outputTokens} + ${add.outputTokens ?? 0}`,
      costUsd: sql`${agentRuns.costUsd} + ${add.costUsd ?? 0}`,
    })
    .where(eq(agentRuns.id, runId))
    .returning({
      ended: sql<number>`${agentRuns.itemsDone} + ${agentRuns.itemsFailed} + ${agentRuns.itemsCancelled}`,
      total: agentRuns.itemsTotal,
      status: agentRuns.status,
    });
  if (totals && totals.status !== 'queued' && totals.ended >= totals.total) {
    await finishRun(db, { id: runId });
  }
}

/** Ends an item that will not be asked (its run was cancelled or stopped) as cancelled. */
async function cancelItem(db: Db, runId: string, idx: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentRunItems)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(
        and(
          eq(agentRunItems.runId, runId),
          eq(agentRunItems.idx, idx),
          inArray(agentRunItems.status, ['queued', 'running']),
        ),
      )
      .returning({ idx: agentRunItems.idx });
    if (row) await addToRun(tx, runId, { cancelled: 1 });
  });
}

/** A run-wide failure: the run keeps what it made and its items not yet asked end cancelled. */
async function stopRun(db: DbOrTx, run: RunRow, reason: RunErrorReason): Promise<void> {
  await db
    .update(agentRuns)
    .set({ errorReason: reason, error: runErrorMessage(reason, run.provider as AiProvider) })
    .where(and(eq(agentRuns.id, run.id), sql`${agentRuns.errorReason} is null`));
}

/** Queues every item of the run, a thousand per statement; already queued ones are not queued again. */
async function enqueueItems(context: JobContext, run: RunRow, total: number) {
  await context.enqueueMany(
    AGENTS_ITEM_JOB,
    Array.from({ length: total }, (_, idx) => ({
      payload: { runId: run.id, idx },
      key: itemKey(run.id, idx),
    })),
    { orgId: run.orgId, group: { id: run.id, concurrency: run.concurrency } },
  );
}

export async function planRun(runId: string, context: JobContext): Promise<void> {
  const { db } = context;
  const run = await readRun(db, runId);
  if (!run) return;
  if (run.status === 'running') {
    // Planned already (this job was delivered again): some items may not have been queued.
    await enqueueItems(context, run, run.itemsTotal);
    return;
  }
  if (run.status !== 'queued') return;
  const config = agentConfigSchema.parse(run.config);

  // The copy is what items read; the instance is asked once whether Beacon may still read it.
  try {
    const clients = await context.services.b2cInstances.clientsForEnv(run.orgId, run.envId);
    await clients.data.listCatalogs();
  } catch (error) {
    if (error instanceof B2CPermissionError) {
      await stopRun(db, run, 'instance-permission');
      await finishRun(db, run);
      return;
    }
    // Unreachable, or no instance any more: the copy still has what the run needs.
    if (!(error instanceof B2CError) && !(error instanceof DomainError)) throw error;
  }

  const productIds = await scopeProductIds(db, run.envId, config, run.onlyProducts);
  const groups = groupFields(run.scopeFields as ProductField[]);
  const items: (typeof agentRunItems.$inferInsert)[] = [];
  for (const b2cProductId of productIds) {
    for (const locale of run.scopeLocales) {
      for (const [group] of groups) {
        items.push({ runId, idx: items.length, b2cProductId, locale, fieldGroup: group });
      }
    }
  }
  const planned = await db.transaction(async (tx) => {
    // A plan cut off mid-way left some items: start again.
    await tx.delete(agentRunItems).where(eq(agentRunItems.runId, runId));
    for (let i = 0; i < items.length; i += INSERT_CHUNK) {
      await tx.insert(agentRunItems).values(items.slice(i, i + INSERT_CHUNK));
    }
    const [updated] = await tx
      .update(agentRuns)
      .set({
        status: 'running',
        startedAt: new Date(),
        itemsTotal: items.length,
        scopeProducts: productIds.length,
      })
      .where(and(eq(agentRuns.id, runId), eq(agentRuns.status, 'queued')))
      .returning();
    return updated;
  });
  if (!planned) {
    // Cancelled while planning.
    await db.delete(agentRunItems).where(eq(agentRunItems.runId, runId));
    return;
  }
  if (items.length === 0) {
    await finishRun(db, planned);
    return;
  }
  await enqueueItems(context, planned, items.length);
}

interface Proposed {
  field: ProductField;
  value: string;
  reasoning: string;
}

/** Works one item; returns normally when the item ended (done or failed), throws to be retried. */
export async function runItem(runId: string, idx: number, context: JobContext): Promise<void> {
  const { db } = context;
  const started = Date.now();
  const [row] = await db
    .select({
      run: agentRuns,
      item: agentRunItems,
      product: productColumns,
      // Whether another run left a pending proposal for this product and locale: only then does the
      // item's end mark older proposals superseded (one statement fewer for most items).
      olderPending: sql<boolean>`exists (
        select 1 from ${proposals} as older
         where older.env_id = ${agentRuns.envId}
           and older.b2c_product_id = ${agentRunItems.b2cProductId}
           and older.locale = ${agentRunItems.locale}
           and older.status = 'pending'
           and older.run_id is distinct from ${agentRunItems.runId})`,
    })
    .from(agentRunItems)
    .innerJoin(agentRuns, eq(agentRuns.id, agentRunItems.runId))
    // The product comes with the item, read from the copy in the same query.
    .leftJoin(
      catalogProducts,
      and(
        eq(catalogProducts.envId, agentRuns.envId),
        eq(catalogProducts.b2cProductId, agentRunItems.b2cProductId),
      ),
    )
    .where(and(eq(agentRunItems.runId, runId), eq(agentRunItems.idx, idx)));
  if (!row) return;
  const { run, item } = row;
  const product = row.product ?? undefined;
  // Ended already: this job was delivered again.
  if (item.status !== 'queued' && item.status !== 'running') return;
  /** This item, while it has not ended: the guard that makes a second delivery add nothing. */
  const itemOpen = and(
    eq(agentRunItems.runId, runId),
    eq(agentRunItems.idx, idx),
    inArray(agentRunItems.status, ['queued', 'running']),
  );
  if (run.status === 'cancelling' || run.status === 'cancelled' || run.errorReason) {
    await cancelItem(db, runId, idx);
    return;
  }

  const fail = async (reason: RunErrorReason, message?: string) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(agentRunItems)
        .set({
          status: 'failed',
          reason,
          error: message ?? runErrorMessage(reason, run.provider as AiProvider),
          startedAt: new Date(started),
          finishedAt: new Date(),
        })
        .where(itemOpen)
        .returning({ idx: agentRunItems.idx });
      if (!row) return false;
      if (RUN_STOPPING_REASONS.has(reason)) await stopRun(tx, run, reason);
      await addToRun(tx, runId, { failed: 1 });
      return true;
    });
  };

  const config: AgentConfig = agentConfigSchema.parse(run.config);
  const fields = groupFields(run.scopeFields as ProductField[]).find(
    ([group]) => group === (item.fieldGroup as FieldGroup),
  )?.[1] ?? [...FIELD_GROUPS[item.fieldGroup as FieldGroup]];
  if (!product) {
    await fail('product-gone');
    return;
  }
  const locale = item.locale;
  const readLocale = config.type === 'translation' ? config.sourceLocale : locale;
  const values: Partial<Record<ProductField, string>> = {};
  for (const field of Object.keys(FIELD_COLUMNS) as ProductField[]) {
    const localized = (product[field] ?? {}) as Record<string, string>;
    const value =
      localized[readLocale] ?? (config.type === 'translation' ? undefined : localized.default);
    if (value) values[field] = value;
  }
  const current = (field: ProductField) =>
    ((product[field] ?? {}) as Record<string, string>)[locale] ?? null;
  // Nothing to translate from: the item ends with nothing to propose.
  const asked = config.type === 'translation' ? fields.filter((f) => values[f]) : fields;
  if (asked.length === 0) {
    await store([], [], { inputTokens: 0, outputTokens: 0, costUsd: 0 }, 0, started);
    return;
  }

  const modelStart = Date.now();
  let answer;
  try {
    answer = await context.services.ai.generateObject({
      provider: run.provider as AiProvider,
      system: systemPrompt(config, locale, asked, run.guidance),
      prompt: itemPrompt(config, { b2cProductId: item.b2cProductId, values }, locale, asked),
      schema: answerSchema(asked),
      schemaName: 'proposals',
      label: `agents.${run.agentType}`,
      abortSignal: context.signal,
      spend: { orgId: run.orgId, area: 'agents' },
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (error instanceof DomainError && error.reason === 'ai-budget-exhausted') {
      // The org's budget for the month is spent (the AI service asked no model): the run stops
      // with the reason, keeping what it made; this item and every later one end cancelled.
      await stopRun(db, run, 'budget-exhausted');
      await cancelItem(db, runId, idx);
      return;
    }
    if (error instanceof AiError) {
      if (error.retryable && !context.lastAttempt) throw error;
      await fail(aiReason(error.reason));
      return;
    }
    if (error instanceof DomainError && error.kind === 'UNAVAILABLE') {
      await fail('not-configured');
      return;
    }
    if (!context.lastAttempt) throw error;
    await fail('internal');
    return;
  }
  const modelMs = Date.now() - modelStart;
  const answeredAt = Date.now();

  const wanted = languageOf(locale);
  const said = languageOf(answer.object.language.trim() || 'default');
  const wrongLanguage = wanted !== null && said !== null && said !== wanted;
  const proposed: Proposed[] = [];
  const refusals: ItemRefusal[] = [];
  for (const field of asked) {
    const entry = answer.object.values[field];
    const raw = entry?.value ?? '';
    const value = cleanProposedValue(field, raw);
    const check = checkProposedValue(field, value, current(field), locale);
    const refusal: ValueRefusal | null = wrongLanguage
      ? 'wrong-language'
      : check.ok
        ? null
        : check.refusal;
    if (refusal) refusals.push({ field, refusal });
    else proposed.push({ field, value, reasoning: (entry?.reasoning ?? '').trim().slice(0, 1000) });
  }
  await store(proposed, refusals, answer.usage, modelMs, started, answeredAt);

  /**
   * The item's end in one statement, atomic on its own: its proposals, the item, and the run's
   * totals, which also label the run when this was its last item (older pending proposals for the
   * same product, locale and field are marked superseded just before). Nothing is written when the
   * item ended already (another delivery of its job). Few round trips matter: on PGlite every
   * statement waits for the database thread, and a transaction would hold it for all of its own.
   */
  async function store(
    made: Proposed[],
    refused: ItemRefusal[],
    usage: { inputTokens: number; outputTokens: number; costUsd: number },
    modelMs: number,
    itemStart: number,
    answeredAt = Date.now(),
  ) {
    const rows = made.map((p) => ({
      id: crypto.randomUUID(),
      field: p.field,
      current_value: current(p.field),
      proposed_value: p.value,
      reasoning: p.reasoning || null,
    }));
    if (rows.length > 0 && row!.olderPending) {
      // Its own statement, before the insert: in the same statement the unique index would still see
      // the older pending row. Alone it is harmless: what it marks, a newer proposal replaces now or
      // when this item is asked again.
      // The audit trail records each as Beacon's doing, in the same statement.
      await db.execute(sql`
        with superseded as (
          update ${proposals} set status = 'superseded', updated_at = now()
           where env_id = ${run.envId} and b2c_product_id = ${item.b2cProductId}
             and locale = ${locale} and status = 'pending'
             and field in (${sql.join(
               rows.map((r) => sql`${r.field}`),
               sql`, `,
             )})
             and run_id is distinct from ${runId}
          returning id, env_id
        )
        insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, note)
        select gen_random_uuid()::text, id, env_id, 'superseded', 'pending', 'superseded',
               ${`A newer run (${runId}) proposed this field again.`}
          from superseded`);
    }
    const storeMs = Date.now() - answeredAt;
    const ended = sql`${agentRuns.itemsDone} + 1 + ${agentRuns.itemsFailed} + ${agentRuns.itemsCancelled} >= ${agentRuns.itemsTotal}`;
    const result: unknown = await db.execute(sql`
      with item as (
        update ${agentRunItems}
           set status = 'done', proposals = ${made.length},
               refusals = ${refused.length > 0 ? JSON.stringify(refused) : null}::jsonb,
               input_tokens = ${usage.inputTokens}, output_tokens = ${usage.outputTokens},
               cost_usd = ${usage.costUsd}, model_ms = ${modelMs}, store_ms = ${storeMs},
               started_at = ${new Date(itemStart).toISOString()}::timestamptz, finished_at = now()
         where run_id = ${runId} and idx = ${idx} and status in ('queued', 'running')
        returning idx
      ), made as (
        insert into ${proposals} (id, env_id, b2c_product_id, locale, field, agent_type,
                                  current_value, proposed_value, reasoning, model, run_id,
                                  input_tokens, output_tokens)
        select x.id, ${run.envId}, ${item.b2cProductId}, ${locale}, x.field, ${run.agentType},
               x.current_value, x.proposed_value, x.reasoning, ${run.model}, ${runId},
               ${usage.inputTokens}, ${usage.outputTokens}
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as x(id text, field text, current_value text, proposed_value text, reasoning text)
         where exists (select 1 from item)
        on conflict do nothing
        returning 1
      )
      update ${agentRuns}
         set items_done = items_done + 1,
             proposals = proposals + (select count(*) from made),
             refused = refused + ${refused.length},
             input_tokens = input_tokens + ${usage.inputTokens},
             output_tokens = output_tokens + ${usage.outputTokens},
             cost_usd = cost_usd + ${usage.costUsd},
             status = case when ${ended} and status in ('running', 'cancelling') then
                        case when error_reason is not null then 'failed'
                             when status = 'cancelling' then 'cancelled'
                             when items_failed = 0 then 'succeeded'
                             else 'partly-failed' end
                      else status end,
             finished_at = case when ${ended} and status in ('running', 'cancelling') then now()
                                else finished_at end,
             updated_at = now()
       where id = ${runId} and exists (select 1 from item)
      returning id`);
    const stored = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    if (stored.length > 0) {
      probe.onItemStored?.({
        modelMs,
        storeMs: Date.now() - answeredAt,
        itemMs: Date.now() - itemStart,
      });
    }
  }
}
