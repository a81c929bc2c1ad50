/**
 * The review queue (docs/product.md#reviews): proposals listed by the queue's filter, decided by
 * people under the transitions of domain/reviews/statuses.ts, each change recorded in the audit trail,
 * and approved ones queued to publish (server/reviews/publish.ts).
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkProposedValue, VALUE_REFUSAL_LABEL } from '~/domain/agents/output-checks';
import { MARKUP_FIELDS, type ProductField } from '~/domain/products/entities';
import {
  type DecisionResult,
  DELETED_PERSON,
  PEOPLE_ACTIONS,
  type ProposalEvent,
  type ProposalEventsPage,
  type PublishFailureReason,
  type ReviewDetail,
  type ReviewListItem,
  type ReviewsPage,
} from '~/domain/reviews/entities';
import type { ReviewFilter, ReviewSelection } from '~/domain/reviews/inputs';
import { REVIEW_MESSAGES } from '~/domain/reviews/messages';
import { mayTake, REVIEW_QUEUE_ORDER, REVIEWER_ACTIONS } from '~/domain/reviews/queue';
import { REVIEW_STATUS_FILTER, REVIEWS_PAGE_SIZE } from '~/domain/reviews/search';
import type { ProposalStatus } from '~/domain/reviews/statuses';
import { DomainError } from '~/domain/shared/errors';
import { cleanProposedValue } from '~/server/agents/sanitize';
import { type Db, type DbOrTx, rowsOf } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import { proposalEvents, proposals, users } from '~/server/db/schema';
import type { JobQueue } from '~/server/jobs/queue';
import { REVIEWS_PUBLISH_JOB } from './publish';

export interface ReviewsService {
  list(orgId: string, envId: string, filter: ReviewFilter, page: number): Promise<ReviewsPage>;
  get(orgId: string, envId: string, proposalId: string): Promise<ReviewDetail>;
  approve(
    orgId: string,
    envId: string,
    userId: string,
    selection: ReviewSelection,
  ): Promise<DecisionResult>;
  approveEdited(
    orgId: string,
    envId: string,
    userId: string,
    proposalId: string,
    value: string,
  ): Promise<ReviewDetail>;
  reject(
    orgId: string,
    envId: string,
    userId: string,
    selection: ReviewSelection,
    reason: string | null,
  ): Promise<DecisionResult>;
  retry(orgId: string, envId: string, userId: string, proposalId: string): Promise<ReviewDetail>;
  repropose(
    orgId: string,
    envId: string,
    userId: string,
    proposalId: string,
  ): Promise<ReviewDetail>;
  events(
    orgId: string,
    envId: string,
    proposalId: string | null,
    page: number,
  ): Promise<ProposalEventsPage>;
}

export interface ReviewsServiceDeps {
  db: Db;
  /** Absent where no background jobs run: approving answers UNAVAILABLE. */
  jobs?: Pick<JobQueue, 'enqueueMany'>;
  now?: () => Date;
}

export const EVENTS_PAGE_SIZE = 50;

const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The filter's conditions on `p` (proposals) alone, so a decision updates the rows it filters without
 * joining them to anything: with stale statistics (PGlite never analyzes on its own), a join of
 * freshly written proposals was planned as a nested loop that took seconds for 5,000.
 */
function filterSql(envId: string, filter: ReviewFilter): SQL {
  const parts: SQL[] = [
    sql`p.env_id = ${envId}`,
    sql`p.status in (${sqlList(REVIEW_STATUS_FILTER[filter.reviewStatus])})`,
  ];
  if (filter.agentType !== 'all') parts.push(sql`p.agent_type = ${filter.agentType}`);
  if (filter.b2cProductId) parts.push(sql`p.b2c_product_id = ${filter.b2cProductId}`);
  if (filter.runId) parts.push(sql`p.run_id = ${filter.runId}`);
  // A product the copy no longer has is not "offline": its proposals stay listed.
  if (!filter.showOffline) {
    parts.push(sql`not exists (select 1 from catalog_products o where o.env_id = p.env_id
      and o.b2c_product_id = p.b2c_product_id collate "C" and not o.online)`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * Proposals with their product in the copy. The copy's ids are collated "C" (migration 0004): the
 * join compares in that collation, or its primary key could not serve it.
 */
const FROM_PROPOSALS = sql`proposals p left join catalog_products cp
  on cp.env_id = p.env_id and cp.b2c_product_id = p.b2c_product_id collate "C"`;

/** The queue's order (domain/reviews/queue.ts) as an `order by` on `p`. */
const QUEUE_ORDER_COLUMNS = {
  createdAt: 'p.created_at',
  b2cProductId: 'p.b2c_product_id',
  field: 'p.field',
  locale: 'p.locale',
  id: 'p.id',
} as const;
const QUEUE_ORDER_SQL = sql.raw(
  REVIEW_QUEUE_ORDER.map(
    ({ key, descending }) => `${QUEUE_ORDER_COLUMNS[key]}${descending ? ' desc' : ''}`,
  ).join(', '),
);

/** Which proposals a selection means: its ids (in the env), or what the filter matches. */
function selectionSql(envId: string, selection: ReviewSelection): SQL {
  return 'ids' in selection
    ? sql`p.env_id = ${envId} and p.id in (${sqlList(selection.ids)})`
    : filterSql(envId, selection.filter);
}

interface ListRow {
  id: string;
  b2c_product_id: string;
  product_name: string | null;
  product_online: boolean | null;
  field: ProductField;
  locale: string;
  agent_type: ReviewListItem['agentType'];
  status: ProposalStatus;
  current_value: string | null;
  proposed_value: string;
  created_at: string | Date;
}

const LIST_COLUMNS = sql`p.id, p.b2c_product_id,
  coalesce(nullif(cp.name ->> p.locale, ''), nullif(cp.name ->> 'default', '')) as product_name,
  cp.online as product_online, p.field, p.locale, p.agent_type, p.status, p.current_value,
  p.proposed_value, p.created_at`;

function toItem(row: ListRow): ReviewListItem {
  return {
    id: row.id,
    b2cProductId: row.b2c_product_id,
    productName: row.product_name,
    productOnline: row.product_online,
    field: row.field,
    locale: row.locale,
    agentType: row.agent_type,
    status: row.status,
    currentValue: row.current_value,
    proposedValue: row.proposed_value,
    createdAt: new Date(row.created_at),
  };
}

const person = (name: string | null, email: string | null) =>
  name || email ? { name, email } : null;

export function createReviewsService({ db, jobs }: ReviewsServiceDeps): ReviewsService {
  /** Approving queues writes: refuse before changing anything when nothing could write them. */
  function requireJobs() {
    if (!jobs) throw new DomainError('UNAVAILABLE', REVIEW_MESSAGES.jobsUnavailable);
    return jobs;
  }

  async function proposalRow(envId: string, proposalId: string) {
    const [row] = await db
      .select()
      .from(proposals)
      .where(and(eq(proposals.envId, envId), eq(proposals.id, proposalId)));
    if (!row) throw new DomainError('NOT_FOUND', REVIEW_MESSAGES.notFound, 'review-not-found');
    return row;
  }

  function refused(status: ProposalStatus, action: Parameters<typeof REVIEW_MESSAGES.refused>[1]) {
    return new DomainError(
      'CONFLICT',
      REVIEW_MESSAGES.refused(status, action),
      'review-transition-refused',
    );
  }

  /**
   * One publish job per product the decision approved; each writes that product's approved fields.
   * Queued in the decision's own transaction: an approval is never left without the job that publishes
   * it, nor a job without its approval (docs/security.md, rule 7).
   */
  async function queuePublish(
    tx: DbOrTx,
    orgId: string,
    envId: string,
    productIds: readonly string[],
  ) {
    if (productIds.length === 0) return;
    const batch = crypto.randomUUID();
    await requireJobs().enqueueMany(
      REVIEWS_PUBLISH_JOB,
      productIds.map((b2cProductId) => ({
        payload: { envId, b2cProductId },
        key: `publish:${envId}:${b2cProductId}:${batch}`,
      })),
      { orgId, tx },
    );
  }

  /**
   * Moves the selection's proposals that may take the transition (and only those) in one statement,
   * recording an event for each; answers the products they belong to and how many matched.
   */
  async function transition(
    on: DbOrTx,
    envId: string,
    selection: ReviewSelection,
    change: {
      action: 'approve' | 'reject';
      userId: string;
      set: SQL;
      note?: string | null;
    },
  ): Promise<{ changed: number; matched: number; products: string[] }> {
    const selected = selectionSql(envId, selection);
    const { from, to } = REVIEWER_ACTIONS[change.action];
    const logged = change.action === 'approve' ? 'approved' : 'rejected';
    // The returning subquery reads the row as the statement found it: the status it left.
    const result = await on.execute(sql`
      with changed as (
        update proposals p
           set status = ${to}, ${change.set}, updated_at = now()
         where ${selected} and p.status in (${sqlList(from)})
        returning p.id, p.b2c_product_id,
                  (select o.status from proposals o where o.id = p.id) as from_status
      ),
      logged as (
        insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, actor_id, note)
        select gen_random_uuid()::text, id, ${envId}, ${logged}, from_status, ${to},
               ${change.userId}, ${change.note ?? null}
          from changed
      )
      select (select count(*)::int from proposals p where ${selected}) as matched,
             coalesce((select json_agg(distinct b2c_product_id) from changed), '[]'::json) as products,
             (select count(*)::int from changed) as changed`);
    const [row] = rowsOf<{ matched: number; products: string[] | string; changed: number }>(result);
    const products = typeof row?.products === 'string' ? JSON.parse(row.products) : row?.products;
    return {
      changed: Number(row?.changed ?? 0),
      matched: Number(row?.matched ?? 0),
      products: (products ?? []) as string[],
    };
  }

  /** A single proposal that the decision left alone says why: missing, or in a status that refuses it. */
  async function explainSingle(
    envId: string,
    selection: ReviewSelection,
    changed: number,
    action: 'approve' | 'reject',
  ) {
    if (changed > 0 || !('ids' in selection) || selection.ids.length !== 1) return;
    const row = await proposalRow(envId, selection.ids[0]!);
    throw refused(row.status, action);
  }

  async function eventsOf(where: SQL, limit: number, offset: number): Promise<ProposalEvent[]> {
    const rows = await db
      .select({ event: proposalEvents, name: users.name, email: users.email })
      .from(proposalEvents)
      .leftJoin(users, eq(users.id, proposalEvents.actorId))
      .where(where)
      .orderBy(desc(proposalEvents.at), desc(proposalEvents.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ event, name, email }) => ({
      id: event.id,
      proposalId: event.proposalId,
      action: event.action,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      // No one recorded: Beacon's own action, or a person's whose account was deleted since.
      actor: event.actorId
        ? (person(name, email) ?? DELETED_PERSON)
        : PEOPLE_ACTIONS.has(event.action)
          ? DELETED_PERSON
          : null,
      at: event.at,
      note: event.note,
      value: event.value,
    }));
  }

  async function detail(envId: string, proposalId: string): Promise<ReviewDetail> {
    const [row] = rowsOf<ListRow>(
      await db.execute(
        sql`select ${LIST_COLUMNS} from ${FROM_PROPOSALS} where p.env_id = ${envId} and p.id = ${proposalId}`,
      ),
    );
    if (!row) throw new DomainError('NOT_FOUND', REVIEW_MESSAGES.notFound, 'review-not-found');
    const decider = alias(users, 'decider');
    const [full] = await db
      .select({ p: proposals, name: decider.name, email: decider.email })
      .from(proposals)
      .leftJoin(decider, eq(decider.id, proposals.decidedBy))
      .where(eq(proposals.id, proposalId));
    const p = full!.p;
    const otherPending = await db
      .select({ id: proposals.id, field: proposals.field, locale: proposals.locale })
      .from(proposals)
      .where(
        and(
          eq(proposals.envId, envId),
          eq(proposals.b2cProductId, p.b2cProductId),
          eq(proposals.status, 'pending'),
          sql`${proposals.id} <> ${proposalId}`,
        ),
      )
      .orderBy(asc(proposals.field), asc(proposals.locale));
    const events = await eventsOf(eq(proposalEvents.proposalId, proposalId), 200, 0);
    return {
      ...toItem(row),
      reasoning: p.reasoning,
      model: p.model,
      runId: p.runId,
      agentValue: p.agentValue,
      markup: MARKUP_FIELDS.has(p.field),
      // Only people decide: a decision with no one recorded was made by an account deleted since.
      decidedBy: p.decidedBy
        ? (person(full!.name, full!.email) ?? DELETED_PERSON)
        : p.decidedAt
          ? DELETED_PERSON
          : null,
      decidedAt: p.decidedAt,
      rejectReason: p.rejectReason,
      publishedAt: p.publishedAt,
      conflictValue: p.conflictValue,
      publishFailure:
        p.status === 'publish-failed' && p.publishErrorReason
          ? { reason: p.publishErrorReason as PublishFailureReason, message: p.publishError ?? '' }
          : null,
      otherPending,
      events: events.reverse(),
    };
  }

  return {
    async list(orgId, envId, filter, page) {
      const where = filterSql(envId, filter);
      const [items, counted] = await Promise.all([
        db.execute(sql`
          select ${LIST_COLUMNS} from ${FROM_PROPOSALS} where ${where}
           order by ${QUEUE_ORDER_SQL}
           limit ${REVIEWS_PAGE_SIZE} offset ${(page - 1) * REVIEWS_PAGE_SIZE}`),
        db.execute(sql`select count(*)::int as total from proposals p where ${where}`),
      ]);
      return {
        items: rowsOf<ListRow>(items).map(toItem),
        total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
        page,
        pageSize: REVIEWS_PAGE_SIZE,
      };
    },

    async get(orgId, envId, proposalId) {
      return detail(envId, proposalId);
    },

    async approve(orgId, envId, userId, selection) {
      requireJobs();
      const { changed, matched } = await db.transaction(async (tx) => {
        const decided = await transition(tx, envId, selection, {
          action: 'approve',
          userId,
          set: sql`decided_by = ${userId}, decided_at = now(), publish_run_id = null`,
        });
        await queuePublish(tx, orgId, envId, decided.products);
        return decided;
      });
      await explainSingle(envId, selection, changed, 'approve');
      return { changed, skipped: matched - changed };
    },

    async approveEdited(orgId, envId, userId, proposalId, value) {
      // An id this env does not have is NOT_FOUND, whatever else is wrong.
      const row = await proposalRow(envId, proposalId);
      requireJobs();
      if (!mayTake(row.status, 'edit')) throw refused(row.status, 'edit');
      // Cleaned exactly as an agent's output is: a reviewer cannot send markup to a plain-text field.
      const edited = cleanProposedValue(row.field, value);
      const check = checkProposedValue(row.field, edited, row.currentValue, 'default');
      if (!check.ok) {
        const message =
          check.refusal === 'unchanged'
            ? REVIEW_MESSAGES.editSame
            : VALUE_REFUSAL_LABEL[check.refusal].replace('The model proposed', 'This is');
        throw new DomainError('INVALID', message, undefined, { value: message });
      }
      const changedValue = edited !== row.proposedValue;
      const approved = await db.transaction(async (tx) => {
        const result = await tx.execute(sql`
        with changed as (
          update proposals
             set status = 'approved', decided_by = ${userId}, decided_at = now(),
                 publish_run_id = null, updated_at = now(),
                 agent_value = case when ${changedValue} then coalesce(agent_value, proposed_value) else agent_value end,
                 proposed_value = ${edited}
           where id = ${proposalId} and env_id = ${envId}
             and status in (${sqlList(REVIEWER_ACTIONS.edit.from)})
          returning id
        ),
        logged as (
          insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, actor_id, value, at)
          select gen_random_uuid()::text, id, ${envId}, 'edited', 'pending', 'pending', ${userId}, ${edited},
                 now() - interval '1 millisecond'
            from changed where ${changedValue}
          union all
          select gen_random_uuid()::text, id, ${envId}, 'approved', 'pending', 'approved', ${userId}, null, now()
            from changed
        )
        select id from changed`);
        if (rowsOf(result).length === 0) return false;
        await queuePublish(tx, orgId, envId, [row.b2cProductId]);
        return true;
      });
      if (!approved) throw refused((await proposalRow(envId, proposalId)).status, 'edit');
      return detail(envId, proposalId);
    },

    async reject(orgId, envId, userId, selection, reason) {
      const { changed, matched } = await transition(db, envId, selection, {
        action: 'reject',
        userId,
        set: sql`decided_by = ${userId}, decided_at = now(), reject_reason = ${reason}`,
        note: reason,
      });
      await explainSingle(envId, selection, changed, 'reject');
      return { changed, skipped: matched - changed };
    },

    async retry(orgId, envId, userId, proposalId) {
      // An id this env does not have is NOT_FOUND, whatever else is wrong.
      const row = await proposalRow(envId, proposalId);
      requireJobs();
      const retried = await db.transaction(async (tx) => {
        const result = await tx.execute(sql`
        with changed as (
          update proposals
             set status = 'approved', publish_error = null, publish_error_reason = null,
                 publish_run_id = null, updated_at = now()
           where id = ${proposalId} and env_id = ${envId}
             and status in (${sqlList(REVIEWER_ACTIONS.retry.from)})
          returning id
        )
        insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, actor_id)
        select gen_random_uuid()::text, id, ${envId}, 'retried', 'publish-failed', 'approved', ${userId}
          from changed
        returning proposal_id`);
        if (rowsOf(result).length === 0) return false;
        await queuePublish(tx, orgId, envId, [row.b2cProductId]);
        return true;
      });
      if (!retried) throw refused(row.status, 'retry');
      return detail(envId, proposalId);
    },

    async repropose(orgId, envId, userId, proposalId) {
      const row = await proposalRow(envId, proposalId);
      let result: unknown;
      try {
        result = await db.execute(sql`
          with changed as (
            update proposals
               set status = 'pending', current_value = conflict_value, conflict_value = null,
                   decided_by = null, decided_at = null, publish_run_id = null, updated_at = now()
             where id = ${proposalId} and env_id = ${envId}
               and status in (${sqlList(REVIEWER_ACTIONS.repropose.from)})
            returning id, current_value
          )
          insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, actor_id, value)
          select gen_random_uuid()::text, id, ${envId}, 'reproposed', 'conflict', 'pending', ${userId}, current_value
            from changed
          returning proposal_id`);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError('CONFLICT', REVIEW_MESSAGES.newerPending, 'review-newer-pending');
        }
        throw error;
      }
      if (rowsOf(result).length === 0) throw refused(row.status, 'repropose');
      return detail(envId, proposalId);
    },

    async events(orgId, envId, proposalId, page) {
      if (proposalId) await proposalRow(envId, proposalId);
      const where = proposalId
        ? and(eq(proposalEvents.envId, envId), eq(proposalEvents.proposalId, proposalId))!
        : eq(proposalEvents.envId, envId);
      const [items, [counted]] = await Promise.all([
        eventsOf(where, EVENTS_PAGE_SIZE, (page - 1) * EVENTS_PAGE_SIZE),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(proposalEvents)
          .where(where),
      ]);
      return { items, total: Number(counted?.total ?? 0), page, pageSize: EVENTS_PAGE_SIZE };
    },
  };
}
