/**
 * Write-back (docs/decisions/0026-review-write-back.md): one `reviews.publish` job per product an
 * approval touched. It claims the product's approved proposals, reads the product from the instance,
 * and writes the fields whose live value is still the one each proposal replaced in one OCAPI
 * `PATCH /products/{id}` carrying the read's `_resource_state`. A field changed on the instance since
 * is not overwritten: its proposal goes to conflict. A field already showing the proposed value (a
 * retry after a write whose answer was lost) is published without writing again.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ProductField } from '~/domain/products/entities';
import type { PublishFailureReason } from '~/domain/reviews/entities';
import { publishFailureMessage } from '~/domain/reviews/messages';
import { DomainError } from '~/domain/shared/errors';
import { FIELD_COLUMNS } from '~/server/agents/scope';
import { catalogProducts, proposalEvents, proposals } from '~/server/db/schema';
import {
  B2CAuthError,
  B2CHostNotAllowedError,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
  B2CUnavailableError,
} from '~/server/integrations/b2c/errors';
import type { Product, ProductPatch } from '~/server/integrations/b2c/ocapi-data';
import type { JobContext } from '~/server/jobs/define';
import { TransientError } from '~/server/jobs/errors';

export const REVIEWS_PUBLISH_JOB = 'reviews.publish';
/** 5xx, 429 and concurrent modification are waited out: 2 s, 4 s, 8 s, 16 s, then publish-failed. */
export const PUBLISH_RETRY = { limit: 4, delaySeconds: 2, maxDelaySeconds: 60 };
/** Reads and writes of one job when the product keeps changing between them (409 on its state). */
const STATE_CONFLICT_ROUNDS = 3;

type Claimed = typeof proposals.$inferSelect;

/** The field's live value in a locale, as the copy stores it (markup as its markup). */
export function liveValue(product: Product, field: ProductField, locale: string): string | null {
  const value = product[field]?.[locale];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : (value.markup ?? null);
}

/** What an update's answer says is stored: a markup field's source as it was sent, else the value. */
function storedValue(product: Product, field: ProductField, locale: string): string | null {
  const value = product[field]?.[locale];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : (value.source ?? value.markup ?? null);
}

/**
 * Whether the live value is still `expected`, character for character: a whitespace change made on the
 * instance is a change (a conflict), never written over. A field absent in one locale and empty in
 * another are the same value.
 */
const same = (live: string | null, expected: string | null) => (live ?? '') === (expected ?? '');

/** The product was read without `_resource_state`: without it a PATCH would apply over any change. */
class UnversionedProductError extends Error {
  constructor(b2cProductId: string) {
    super(`OCAPI answered product ${b2cProductId} without _resource_state.`);
    this.name = 'UnversionedProductError';
  }
}

/**
 * One PATCH document: the proposals' localized values only, as text (the client sends markup
 * fields as their `source`).
 */
export function patchOf(toWrite: readonly Claimed[]): ProductPatch {
  const patch: Record<string, Record<string, string>> = {};
  for (const p of toWrite) (patch[p.field] ??= {})[p.locale] = p.proposedValue;
  return patch as ProductPatch;
}

function failureOf(error: unknown): { reason: PublishFailureReason; detail: string | null } | null {
  if (error instanceof UnversionedProductError) return { reason: 'unversioned', detail: null };
  if (error instanceof B2CAuthError) return { reason: 'credentials', detail: null };
  if (error instanceof B2CPermissionError) {
    return { reason: 'permission', detail: `${error.call.method} ${error.call.resource}` };
  }
  if (error instanceof B2CNotFoundError) return { reason: 'product-missing', detail: null };
  if (error instanceof B2CUnavailableError) {
    return { reason: 'unavailable', detail: error.status ? `HTTP ${error.status}` : null };
  }
  if (error instanceof B2CRequestError && error.status === 429) {
    return { reason: 'unavailable', detail: 'HTTP 429' };
  }
  if (error instanceof B2CRequestError) {
    return { reason: 'refused', detail: error.faultMessage ?? `HTTP ${error.status}` };
  }
  if (error instanceof B2CHostNotAllowedError) return { reason: 'refused', detail: error.message };
  // The env's instance or API client is not usable (unlinked, secret missing or unreadable).
  if (error instanceof DomainError) return { reason: 'credentials', detail: error.message };
  return null;
}

/** 5xx, network and rate limits (429 on a read too), and OCAPI's concurrent-modification 409. */
const isTransientB2C = (error: unknown) =>
  error instanceof B2CUnavailableError ||
  (error instanceof B2CRequestError &&
    (error.status === 429 ||
      (error.status === 409 && error.faultType === 'ConcurrentModificationException')));

const isStateConflict = (error: unknown) =>
  error instanceof B2CRequestError &&
  error.status === 409 &&
  error.faultType === 'ResourceStateConflictException';

export async function publishProduct(
  envId: string,
  b2cProductId: string,
  context: JobContext,
): Promise<void> {
  const { db, runId, orgId, services, lastAttempt } = context;
  // This job's proposals: approved ones no other publish job holds (a retry of this job holds its own).
  const claimed = await db
    .update(proposals)
    .set({ publishRunId: runId })
    .where(
      and(
        eq(proposals.envId, envId),
        eq(proposals.b2cProductId, b2cProductId),
        eq(proposals.status, 'approved'),
        or(isNull(proposals.publishRunId), eq(proposals.publishRunId, runId)),
      ),
    )
    .returning();
  if (claimed.length === 0) return;

  try {
    const { data } = await services.b2cInstances.clientsForEnv(orgId, envId);
    for (let round = 0; round < STATE_CONFLICT_ROUNDS; round++) {
      const product = await data.getProduct(b2cProductId);
      const published: Claimed[] = [];
      const toWrite: Claimed[] = [];
      const conflicts: { proposal: Claimed; live: string | null }[] = [];
      for (const p of claimed) {
        const live = liveValue(product, p.field, p.locale);
        if (same(live, p.proposedValue)) published.push(p);
        else if (same(live, p.currentValue)) toWrite.push(p);
        else conflicts.push({ proposal: p, live });
      }
      if (toWrite.length === 0) {
        await finish(context, envId, b2cProductId, published, conflicts, null);
        return;
      }
      // Fail closed: a write is only ever sent against the version it was decided on.
      const resourceState = product._resource_state;
      if (!resourceState) throw new UnversionedProductError(b2cProductId);
      try {
        const answer = await data.patchProduct(b2cProductId, patchOf(toWrite), { resourceState });
        // Published only what the answer holds: an instance may accept a field and not store it
        // (the spec leaves short_description out of what an update may change; ADR 0042).
        const unstored = toWrite.filter(
          (p) => !same(storedValue(answer, p.field, p.locale), p.proposedValue),
        );
        const stored = toWrite.filter((p) => !unstored.includes(p));
        await finish(context, envId, b2cProductId, [...published, ...stored], conflicts, answer);
        if (unstored.length > 0) {
          const fields = unstored.map((p) => `${p.field} (${p.locale})`).join(', ');
          await fail(context, envId, b2cProductId, unstored, 'not-stored', fields);
        }
        return;
      } catch (error) {
        // Changed between the read and the write: read it again and decide again.
        if (!isStateConflict(error)) throw error;
      }
    }
    throw new TransientError('The product kept changing on the instance while Beacon wrote to it.');
  } catch (error) {
    if ((isTransientB2C(error) || error instanceof TransientError) && !lastAttempt) {
      throw error instanceof TransientError
        ? error
        : new TransientError('B2C busy', { cause: error });
    }
    const failure =
      failureOf(error) ?? (lastAttempt ? { reason: 'unavailable' as const, detail: null } : null);
    if (!failure) throw error;
    await fail(context, envId, b2cProductId, claimed, failure.reason, failure.detail);
  }
}

/**
 * The job's end in one statement: published proposals and their events, conflicts with the value
 * found and theirs, and the copy brought up to what the instance now holds.
 */
async function finish(
  { db, runId }: JobContext,
  envId: string,
  b2cProductId: string,
  published: readonly Claimed[],
  conflicts: readonly { proposal: Claimed; live: string | null }[],
  answer: Product | null,
) {
  const conflictRows = JSON.stringify(conflicts.map((c) => ({ id: c.proposal.id, live: c.live })));
  const columns = new Map<string, Record<string, string>>();
  for (const p of published) {
    const column = FIELD_COLUMNS[p.field].name;
    columns.set(column, { ...columns.get(column), [p.locale]: p.proposedValue });
  }
  const copySet = [...columns].map(
    ([column, values]) =>
      sql`${sql.identifier(column)} = ${sql.identifier(column)} || ${JSON.stringify(values)}::jsonb`,
  );
  if (answer) {
    copySet.push(sql`resource_state = ${answer._resource_state ?? null}`);
    if (answer.last_modified)
      copySet.push(sql`last_modified = ${answer.last_modified}::timestamptz`);
    copySet.push(sql`document = document || ${JSON.stringify(answer)}::jsonb`);
  }
  const publishedIds = published.map((p) => p.id);
  await db.execute(sql`
    with pub as (
      update ${proposals} set status = 'published', published_at = now(), updated_at = now()
       where id in (${
         publishedIds.length > 0
           ? sql.join(
               publishedIds.map((id) => sql`${id}`),
               sql`, `,
             )
           : sql`null`
       })
         and status = 'approved' and publish_run_id = ${runId}
      returning id, proposed_value
    ),
    pub_events as (
      insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, value)
      select gen_random_uuid()::text, id, ${envId}, 'published', 'approved', 'published', proposed_value
        from pub
    ),
    con as (
      update ${proposals} q set status = 'conflict', conflict_value = x.live, updated_at = now()
        from jsonb_to_recordset(${conflictRows}::jsonb) as x(id text, live text)
       where q.id = x.id and q.status = 'approved' and q.publish_run_id = ${runId}
      returning q.id, x.live
    ),
    con_events as (
      insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, value, note)
      select gen_random_uuid()::text, id, ${envId}, 'conflict', 'approved', 'conflict', live,
             'The value on the instance changed since this proposal was made.'
        from con
    )
    ${
      copySet.length > 0
        ? sql`update ${catalogProducts} set ${sql.join(copySet, sql`, `)}
               where env_id = ${envId} and b2c_product_id = ${b2cProductId}
                 and exists (select 1 from pub)`
        : sql`select 1`
    }`);
}

async function fail(
  { db, runId }: JobContext,
  envId: string,
  b2cProductId: string,
  claimed: readonly Claimed[],
  reason: PublishFailureReason,
  detail: string | null,
) {
  const message =
    reason === 'credentials' && detail
      ? detail
      : publishFailureMessage(reason, b2cProductId, detail);
  await db.execute(sql`
    with failed as (
      update ${proposals} set status = 'publish-failed', publish_error = ${message},
             publish_error_reason = ${reason}, updated_at = now()
       where id in (${sql.join(
         claimed.map((p) => sql`${p.id}`),
         sql`, `,
       )})
         and status = 'approved' and publish_run_id = ${runId}
      returning id
    )
    insert into ${proposalEvents} (id, proposal_id, env_id, action, from_status, to_status, note)
    select gen_random_uuid()::text, id, ${envId}, 'publish-failed', 'approved', 'publish-failed', ${message}
      from failed`);
}
