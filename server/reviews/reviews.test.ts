/**
 * The review queue on the server: every transition and the refused ones, bulk decisions over a
 * filter, the audit trail, and write-back through the real OCAPI client to the B2C simulator:
 * one PATCH per product, conflicts, OCAPI's optimistic locking, each failure's plain message,
 * retries that never write twice, and the catalogue copy brought up to date.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AgentType } from '~/domain/agents/catalogue';
import { parseOcapiSettings } from '~/domain/instances/snippets';
import type { ProductField } from '~/domain/products/entities';
import { publishFailureMessage, REVIEW_MESSAGES } from '~/domain/reviews/messages';
import { REVIEWS_PAGE_SIZE } from '~/domain/reviews/search';
import type { ProposalStatus } from '~/domain/reviews/statuses';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import { editProduct } from '~/simulators/b2c/data';
import { catalogProducts, jobRuns, proposalEvents, proposals } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { bossJobCount, dyingQueue } from '~/server/jobs/test-support';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { refreshProduct } from '~/server/products/sync';
import { cleanProposedValue } from '~/server/agents/sanitize';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { linkToSimulator } from '~/server/simulator-link';
import { addEnv, domainError, makeOrg, makeUser } from '~/server/test-support';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { reviewsPublishJob } from './jobs';
import { REVIEWS_PUBLISH_JOB } from './publish';
import { createReviewsService } from './service';

const HOST = 'zzte-002.dx.commercecloud.salesforce.com';
const TIMEOUT_MS = 60_000;
/** The real kind, retried after a second and at most once, so failure tests end quickly. */
const publishJob: typeof reviewsPublishJob = {
  ...reviewsPublishJob,
  retry: { limit: 1, delaySeconds: 1 },
};

let b2c: B2CSimulator;
/** Products no test has used yet: each test (on each driver) takes its own, so none meet. */
let fresh: string[] = [];
beforeAll(async () => {
  b2c = await createB2CSimulator({ seed: 20 });
  fresh = b2c
    .instance(HOST)
    .data()
    .products.filter(
      (p) => p.type === 'item' && p.online.default && p.page_title.default && p.page_title['fr-FR'],
    )
    .map((p) => p.id);
});
afterAll(async () => {
  await b2c.stop();
});

describeEachDriver('reviews', (get) => {
  const secrets = createSecrets(randomBytes(32));
  let jobs: Jobs;
  let services: BeaconServices;

  beforeAll(async () => {
    jobs = await startJobs({
      database: get(),
      definitions: [publishJob],
      pollingIntervalSeconds: 0.5,
    });
    services = createServices({
      db: get().db,
      b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 }),
      secrets,
      runEvents: jobs.events,
      jobs: jobs.queue,
    });
    await jobs.work(services);
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });
  afterEach(() => {
    b2c.faults.clear();
  });

  /** An org whose env is linked to the simulator, with `n` fresh products in its copy. */
  async function linkedEnv(n = 2) {
    const db = get().db;
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }] });
    const env = await addEnv(db, org.id, 'prod', { onboarded: true });
    await linkToSimulator({
      db,
      services,
      secrets,
      simulator: b2c,
      orgId: org.id,
      b2cInstanceId: env.b2cInstanceId!,
      host: HOST,
    });
    const { data } = await services.b2cInstances.clientsForEnv(org.id, env.id);
    const products = fresh.splice(0, n);
    for (const id of products) await refreshProduct({ db, data, envId: env.id, b2cProductId: id });
    return { org, env, user, products, scope: [org.id, env.id] as const };
  }

  /** A pending proposal against the copy's value of the field, as an agent makes one. */
  async function propose(
    envId: string,
    b2cProductId: string,
    field: ProductField,
    locale: string,
    value: string,
    agentType: AgentType = 'seo',
  ) {
    const [row] = await get()
      .db.select({ current: sql<string | null>`${sql.identifier(field)} ->> ${locale}` })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, b2cProductId)));
    const [proposal] = await get()
      .db.insert(proposals)
      .values({
        envId,
        b2cProductId,
        field,
        locale,
        agentType,
        currentValue: row?.current ?? null,
        proposedValue: value,
        reasoning: 'Clearer for shoppers.',
        model: 'claude-sonnet-4-5',
      })
      .returning();
    return proposal!;
  }

  async function statusOf(id: string): Promise<ProposalStatus> {
    const [row] = await get()
      .db.select({ status: proposals.status })
      .from(proposals)
      .where(eq(proposals.id, id));
    return row!.status;
  }

  /** Waits until the publish job has dealt with the proposal (it is no longer approved). */
  async function settled(id: string): Promise<ProposalStatus> {
    for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
      const status = await statusOf(id);
      if (status !== 'approved') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The proposal was not published in time.');
  }

  const live = (id: string) => b2c.instance(HOST).data().productsById.get(id)!;

  it('approving publishes one PATCH per product with only the approved localized values, and updates the copy', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const before = structuredClone(live(id).page_title);
    const title = await propose(env.id, id, 'page_title', 'fr-FR', 'Un titre plus clair');
    const description = await propose(
      env.id,
      id,
      'long_description',
      'fr-FR',
      '<p>Une description plus claire.</p>',
      'translation',
    );
    const untouched = await propose(env.id, id, 'page_description', 'de-DE', 'Bleibt offen');
    const patches = b2c.countRequests('PATCH', `/products/${id}`);
    const reads = b2c.countRequests('GET', `/products/${id}`);

    const result = await services.reviews.approve(...scope, user.id, {
      ids: [title.id, description.id],
    });
    expect(result).toEqual({ changed: 2, skipped: 0 });
    expect(await settled(title.id)).toBe('published');
    expect(await settled(description.id)).toBe('published');

    expect(b2c.countRequests('PATCH', `/products/${id}`) - patches).toBe(1);
    expect(b2c.countRequests('GET', `/products/${id}`) - reads).toBe(1);
    expect(live(id).page_title).toEqual({ ...before, 'fr-FR': 'Un titre plus clair' });
    expect(live(id).long_description['fr-FR']?.markup).toBe('<p>Une description plus claire.</p>');
    expect(await statusOf(untouched.id)).toBe('pending');

    const [copy] = await get()
      .db.select()
      .from(catalogProducts)
      .where(and(eq(catalogProducts.envId, env.id), eq(catalogProducts.b2cProductId, id)));
    expect(copy!.pageTitle['fr-FR']).toBe('Un titre plus clair');
    expect(copy!.longDescription['fr-FR']).toBe('<p>Une description plus claire.</p>');
    expect(copy!.pageTitle.default).toBe(before.default);

    const detail = await services.reviews.get(...scope, title.id);
    expect(detail.status).toBe('published');
    expect(detail.decidedBy).toEqual({ name: user.name, email: user.email });
    expect(detail.publishedAt).toBeInstanceOf(Date);
    expect(
      detail.events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor?.email ?? null]),
    ).toEqual([
      ['approved', 'pending', 'approved', user.email],
      ['published', 'approved', 'published', null],
    ]);
    expect(detail.events[1]!.value).toBe('Un titre plus clair');
    expect(detail.otherPending).toEqual([
      { id: untouched.id, field: 'page_description', locale: 'de-DE' },
    ]);
  });

  it('a decision and the publish jobs it queues commit together: a failure while queueing leaves the proposals as they were, with no run and no job', async () => {
    const { user, products, scope, env, org } = await linkedEnv(1);
    const id = products[0]!;
    const picked = await propose(env.id, id, 'page_title', 'default', 'Never half approved');
    const edited = await propose(env.id, id, 'page_description', 'default', 'Never half edited');
    // Queues the jobs as the real queue does, then dies before the decision is committed.
    const reviews = createReviewsService({ db: get().db, jobs: dyingQueue(jobs.queue) });
    const queued = () => bossJobCount(get().db, REVIEWS_PUBLISH_JOB);
    const jobsBefore = await queued();

    await expect(reviews.approve(...scope, user.id, { ids: [picked.id] })).rejects.toThrow(
      'The process died',
    );
    await expect(
      reviews.approveEdited(...scope, user.id, edited.id, 'A reviewer’s description'),
    ).rejects.toThrow('The process died');

    expect(await statusOf(picked.id)).toBe('pending');
    expect(await statusOf(edited.id)).toBe('pending');
    expect((await services.reviews.get(...scope, edited.id)).proposedValue).toBe(
      'Never half edited',
    );
    const runs = await get()
      .db.select()
      .from(jobRuns)
      .where(and(eq(jobRuns.orgId, org.id), eq(jobRuns.kind, REVIEWS_PUBLISH_JOB)));
    expect(runs).toEqual([]);
    expect(await queued()).toBe(jobsBefore);
    const events = await get()
      .db.select()
      .from(proposalEvents)
      .where(eq(proposalEvents.envId, env.id));
    expect(events).toEqual([]);
  });

  it('refuses the transitions the domain does not allow, each with its reason, and changes nothing', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const rejected = await propose(env.id, id, 'page_title', 'default', 'Rejected title');
    await services.reviews.reject(...scope, user.id, { ids: [rejected.id] }, 'Off brand');

    const approveRejected = await domainError(
      services.reviews.approve(...scope, user.id, { ids: [rejected.id] }),
    );
    expect(approveRejected.kind).toBe('CONFLICT');
    expect(approveRejected.message).toBe(REVIEW_MESSAGES.refused('rejected', 'approve'));
    expect(approveRejected.message).toBe('This proposal is rejected, so it cannot be approved.');
    const rejectRejected = await domainError(
      services.reviews.reject(...scope, user.id, { ids: [rejected.id] }, null),
    );
    expect(rejectRejected.message).toBe(REVIEW_MESSAGES.refused('rejected', 'reject'));
    expect(
      (await domainError(services.reviews.retry(...scope, user.id, rejected.id))).message,
    ).toBe(REVIEW_MESSAGES.refused('rejected', 'retry'));
    expect(
      (await domainError(services.reviews.repropose(...scope, user.id, rejected.id))).message,
    ).toBe(REVIEW_MESSAGES.refused('rejected', 'repropose'));
    expect(
      (await domainError(services.reviews.approveEdited(...scope, user.id, rejected.id, 'x y z')))
        .message,
    ).toBe(REVIEW_MESSAGES.refused('rejected', 'edit'));

    const pending = await propose(env.id, id, 'page_description', 'default', 'A pending one');
    expect((await domainError(services.reviews.retry(...scope, user.id, pending.id))).kind).toBe(
      'CONFLICT',
    );
    const missing = await domainError(services.reviews.get(...scope, 'no-such-proposal'));
    expect([missing.kind, missing.message]).toEqual(['NOT_FOUND', REVIEW_MESSAGES.notFound]);

    const detail = await services.reviews.get(...scope, rejected.id);
    expect(detail.status).toBe('rejected');
    expect(detail.rejectReason).toBe('Off brand');
    expect(detail.events).toHaveLength(1);
    expect(detail.events[0]).toMatchObject({ action: 'rejected', note: 'Off brand' });
    expect(await statusOf(pending.id)).toBe('pending');
  });

  it('another org cannot read or decide this env’s proposals', async () => {
    const { user, products, env } = await linkedEnv(1);
    const other = await makeOrg(get().db, { members: [{ user }] });
    const mine = await propose(env.id, products[0]!, 'page_title', 'default', 'Mine');
    // Through the procedures, as a person would ask: the env guard finds no such env in the other org.
    const caller = createCallerFactory(appRouter)({ user, services, requestId: 'reviews-test' });
    const scope = { orgId: other.id, envId: env.id };
    await expect(caller.reviews.get({ ...scope, proposalId: mine.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      caller.reviews.approve({ ...scope, selection: { ids: [mine.id] } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(mine.id)).toBe('pending');
  });

  it('bulk decisions take everything the filter matches and leave the rest', async () => {
    const { user, products, scope, env } = await linkedEnv(2);
    const [a, b] = products as [string, string];
    const seoA = await propose(env.id, a, 'page_title', 'default', 'SEO title A');
    const seoB = await propose(env.id, b, 'page_title', 'default', 'SEO title B');
    const seoB2 = await propose(env.id, b, 'page_description', 'default', 'SEO description B');
    const translation = await propose(env.id, a, 'page_title', 'fr-FR', 'Titre A', 'translation');

    const listed = await services.reviews.list(
      ...scope,
      { reviewStatus: 'pending', agentType: 'seo', showOffline: false },
      1,
    );
    expect(listed.total).toBe(3);
    expect(listed.pageSize).toBe(REVIEWS_PAGE_SIZE);
    expect(new Set(listed.items.map((i) => i.id))).toEqual(new Set([seoA.id, seoB.id, seoB2.id]));

    const result = await services.reviews.reject(
      ...scope,
      user.id,
      { filter: { reviewStatus: 'pending', agentType: 'seo', showOffline: false } },
      'Not this season',
    );
    expect(result).toEqual({ changed: 3, skipped: 0 });
    for (const p of [seoA, seoB, seoB2]) expect(await statusOf(p.id)).toBe('rejected');
    expect(await statusOf(translation.id)).toBe('pending');

    // Picked rows of which only some can be approved: the others are counted as skipped.
    const mixed = await services.reviews.approve(...scope, user.id, {
      ids: [translation.id, seoA.id],
    });
    expect(mixed).toEqual({ changed: 1, skipped: 1 });
    expect(await settled(translation.id)).toBe('published');

    const rejectedList = await services.reviews.list(
      ...scope,
      { reviewStatus: 'rejected', agentType: 'all', showOffline: false },
      1,
    );
    expect(rejectedList.total).toBe(3);
    const approvedList = await services.reviews.list(
      ...scope,
      { reviewStatus: 'approved', agentType: 'all', showOffline: false },
      1,
    );
    expect(approvedList.items.map((i) => [i.id, i.status])).toEqual([
      [translation.id, 'published'],
    ]);

    // The audit trail: every decision, who made it and what it carried.
    const trail = await services.reviews.events(...scope, null, 1);
    expect(trail.total).toBe(5);
    expect(trail.items.filter((e) => e.action === 'rejected').map((e) => e.note)).toEqual([
      'Not this season',
      'Not this season',
      'Not this season',
    ]);
  });

  it('hides proposals for offline products unless asked, and filters by product and run', async () => {
    const { user, products, scope, env } = await linkedEnv(2);
    const [online, offline] = products as [string, string];
    await get()
      .db.update(catalogProducts)
      .set({ online: false })
      .where(and(eq(catalogProducts.envId, env.id), eq(catalogProducts.b2cProductId, offline)));
    const shown = await propose(env.id, online, 'page_title', 'default', 'Shown');
    const hidden = await propose(env.id, offline, 'page_title', 'default', 'Hidden');
    await get().db.update(proposals).set({ runId: 'run-x' }).where(eq(proposals.id, hidden.id));
    const base = { reviewStatus: 'pending', agentType: 'all' } as const;
    expect(
      (await services.reviews.list(...scope, { ...base, showOffline: false }, 1)).items.map(
        (i) => i.id,
      ),
    ).toEqual([shown.id]);
    expect((await services.reviews.list(...scope, { ...base, showOffline: true }, 1)).total).toBe(
      2,
    );
    expect(
      (
        await services.reviews.list(...scope, { ...base, showOffline: true, runId: 'run-x' }, 1)
      ).items.map((i) => i.id),
    ).toEqual([hidden.id]);
    expect(
      (
        await services.reviews.list(
          ...scope,
          { ...base, showOffline: true, b2cProductId: online },
          1,
        )
      ).items.map((i) => [i.id, i.productOnline]),
    ).toEqual([[shown.id, true]]);
    void user;
  });

  it('an edited proposal publishes the reviewer’s value and keeps the agent’s', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_title', 'default', 'Agent title');
    const refused = await domainError(
      services.reviews.approveEdited(...scope, user.id, p.id, '   '),
    );
    expect(refused.kind).toBe('INVALID');
    expect(await statusOf(p.id)).toBe('pending');

    const detail = await services.reviews.approveEdited(
      ...scope,
      user.id,
      p.id,
      ' Reviewer title ',
    );
    expect(detail).toMatchObject({
      status: 'approved',
      proposedValue: 'Reviewer title',
      agentValue: 'Agent title',
    });
    expect(detail.events.map((e) => [e.action, e.value])).toEqual([
      ['edited', 'Reviewer title'],
      ['approved', null],
    ]);
    expect(await settled(p.id)).toBe('published');
    expect(live(id).page_title.default).toBe('Reviewer title');
  });

  it('a field changed on the instance since the proposal goes to conflict, unwritten; re-proposed it publishes', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_title', 'default', 'Beacon title');
    const then = p.currentValue;
    const data = b2c.instance(HOST).data();
    editProduct(data, live(id), { page_title: { default: 'Merchandiser title' } });
    const patches = b2c.countRequests('PATCH', `/products/${id}`);

    await services.reviews.approve(...scope, user.id, { ids: [p.id] });
    expect(await settled(p.id)).toBe('conflict');
    expect(b2c.countRequests('PATCH', `/products/${id}`)).toBe(patches);
    expect(live(id).page_title.default).toBe('Merchandiser title');
    const conflict = await services.reviews.get(...scope, p.id);
    expect([conflict.currentValue, conflict.conflictValue, conflict.proposedValue]).toEqual([
      then,
      'Merchandiser title',
      'Beacon title',
    ]);

    const again = await services.reviews.repropose(...scope, user.id, p.id);
    expect(again).toMatchObject({
      status: 'pending',
      currentValue: 'Merchandiser title',
      conflictValue: null,
    });
    await services.reviews.approve(...scope, user.id, { ids: [p.id] });
    expect(await settled(p.id)).toBe('published');
    expect(live(id).page_title.default).toBe('Beacon title');
    expect((await services.reviews.get(...scope, p.id)).events.map((e) => e.action)).toEqual([
      'approved',
      'conflict',
      'reproposed',
      'approved',
      'published',
    ]);
  });

  it('a whitespace change on the instance is a change: the proposal goes to conflict, unwritten', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_title', 'default', 'Beacon title');
    const spaced = `${p.currentValue} `;
    editProduct(b2c.instance(HOST).data(), live(id), { page_title: { default: spaced } });
    const patches = b2c.countRequests('PATCH', `/products/${id}`);

    await services.reviews.approve(...scope, user.id, { ids: [p.id] });
    expect(await settled(p.id)).toBe('conflict');
    expect(b2c.countRequests('PATCH', `/products/${id}`)).toBe(patches);
    expect(live(id).page_title.default).toBe(spaced);
    expect((await services.reviews.get(...scope, p.id)).conflictValue).toBe(spaced);
  });

  it('never PATCHes without the product’s _resource_state: a read without one fails the publish, unwritten', async () => {
    const { user, products, scope, env, org } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_title', 'default', 'Written only against a version');
    await get()
      .db.update(proposals)
      .set({ status: 'approved', decidedBy: user.id, publishRunId: 'stateless-read' })
      .where(eq(proposals.id, p.id));
    // An instance (or a proxy in front of it) that leaves `_resource_state` out of its answers.
    const stateless: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || !String(input).includes('/products/')) {
        return response;
      }
      const { _resource_state: _dropped, ...body } = (await response.json()) as Record<
        string,
        unknown
      >;
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    const statelessServices = createServices({
      db: get().db,
      b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1, fetch: stateless }),
      secrets,
    });
    const { publishProduct } = await import('./publish');
    const patches = b2c.countRequests('PATCH', `/products/${id}`);
    await publishProduct(env.id, id, {
      db: get().db,
      runId: 'stateless-read',
      orgId: org.id,
      services: statelessServices,
      lastAttempt: false,
    } as unknown as Parameters<typeof publishProduct>[2]);

    expect(b2c.countRequests('PATCH', `/products/${id}`)).toBe(patches);
    expect(live(id).page_title.default).not.toBe('Written only against a version');
    const failed = await services.reviews.get(...scope, p.id);
    expect(failed.status).toBe('publish-failed');
    expect(failed.publishFailure).toEqual({
      reason: 'unversioned',
      message: publishFailureMessage('unversioned', id),
    });
  });

  it('a reviewer’s edit of a plain-text field is cleaned as agent output is: no markup reaches the instance', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_title', 'default', 'Agent title');
    const detail = await services.reviews.approveEdited(
      ...scope,
      user.id,
      p.id,
      ' <b>Bold</b> <script>x</script>title ',
    );
    expect(detail.proposedValue).toBe(
      cleanProposedValue('page_title', ' <b>Bold</b> <script>x</script>title '),
    );
    expect(detail.proposedValue).toBe('Bold xtitle');
    expect(await settled(p.id)).toBe('published');
    expect(live(id).page_title.default).toBe('Bold xtitle');
  });

  it('re-proposing refuses when a newer proposal for the field is pending', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_keywords', 'default', 'old, keywords');
    editProduct(b2c.instance(HOST).data(), live(id), { page_keywords: { default: 'changed' } });
    await services.reviews.approve(...scope, user.id, { ids: [p.id] });
    expect(await settled(p.id)).toBe('conflict');
    await propose(env.id, id, 'page_keywords', 'default', 'newer, keywords');
    const error = await domainError(services.reviews.repropose(...scope, user.id, p.id));
    expect([error.kind, error.message]).toEqual(['CONFLICT', REVIEW_MESSAGES.newerPending]);
    expect(await statusOf(p.id)).toBe('conflict');
  });

  it("uses OCAPI's optimistic locking: a 409 on the resource state reads again, a concurrent modification is retried", async () => {
    const { user, products, scope, env } = await linkedEnv(2);
    const [a, b] = products as [string, string];
    b2c.faults.add({
      path: `/products/${a}`,
      method: 'PATCH',
      status: 409,
      faultType: 'ResourceStateConflictException',
      times: 1,
    });
    const pa = await propose(env.id, a, 'page_title', 'default', 'Locked title A');
    const readsA = b2c.countRequests('GET', `/products/${a}`);
    await services.reviews.approve(...scope, user.id, { ids: [pa.id] });
    expect(await settled(pa.id)).toBe('published');
    expect(b2c.countRequests('GET', `/products/${a}`) - readsA).toBe(2);
    expect(live(a).page_title.default).toBe('Locked title A');

    b2c.faults.add({
      path: `/products/${b}`,
      method: 'PATCH',
      status: 409,
      faultType: 'ConcurrentModificationException',
      times: 1,
    });
    const pb = await propose(env.id, b, 'page_title', 'default', 'Locked title B');
    await services.reviews.approve(...scope, user.id, { ids: [pb.id] });
    expect(await settled(pb.id)).toBe('published');
    expect(live(b).page_title.default).toBe('Locked title B');
  });

  it('a stale resource state is refused by the simulator as by OCAPI', async () => {
    const { products, scope } = await linkedEnv(1);
    const id = products[0]!;
    const { data } = await services.b2cInstances.clientsForEnv(...scope);
    const read = await data.getProduct(id);
    editProduct(b2c.instance(HOST).data(), live(id), { page_title: { de: 'Zwischendurch' } });
    const error = await data
      .patchProduct(
        id,
        { page_title: { default: 'Too late' } },
        { resourceState: read._resource_state! },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, faultType: 'ResourceStateConflictException' });
    expect(live(id).page_title.default).not.toBe('Too late');
  });

  it('each failure ends in its plain state; Retry publishes once the cause is gone, never twice', async () => {
    const { user, products, scope, env, org } = await linkedEnv(2);
    const [a, b] = products as [string, string];

    // 5xx on every try: publish-failed, then Retry after the instance recovers.
    b2c.faults.add({ path: `/products/${a}`, method: 'PATCH', status: 503 });
    const pa = await propose(env.id, a, 'page_title', 'default', 'Retried title');
    await services.reviews.approve(...scope, user.id, { ids: [pa.id] });
    expect(await settled(pa.id)).toBe('publish-failed');
    const failed = await services.reviews.get(...scope, pa.id);
    expect(failed.publishFailure).toEqual({
      reason: 'unavailable',
      message: publishFailureMessage('unavailable', a, 'HTTP 503'),
    });
    expect(live(a).page_title.default).not.toBe('Retried title');
    b2c.faults.clear();
    const patches = b2c.countRequests('PATCH', `/products/${a}`);
    const retried = await services.reviews.retry(...scope, user.id, pa.id);
    expect(retried.status).toBe('approved');
    expect(await settled(pa.id)).toBe('published');
    expect(b2c.countRequests('PATCH', `/products/${a}`) - patches).toBe(1);
    expect(live(a).page_title.default).toBe('Retried title');

    // 429 is waited out like a 5xx.
    b2c.faults.add({ path: `/products/${b}`, method: 'PATCH', status: 429, times: 1 });
    const pb = await propose(env.id, b, 'page_title', 'default', 'After the rate limit');
    await services.reviews.approve(...scope, user.id, { ids: [pb.id] });
    expect(await settled(pb.id)).toBe('published');

    // 403: the OCAPI settings lack PATCH on products; the message names it as onboarding does.
    const settings = b2c.instance(HOST).settings.ocapiData!;
    const readOnly = parseOcapiSettings(
      JSON.stringify({
        ...settings,
        clients: settings.clients.map((c) => ({
          ...c,
          resources: c.resources.map((r) => ({ ...r, methods: ['get', 'post'] })),
        })),
      }),
    );
    if (!readOnly.ok) throw new Error(readOnly.error);
    b2c.instance(HOST).settings.ocapiData = readOnly.value;
    const forbidden = await propose(env.id, a, 'page_description', 'default', 'Forbidden');
    await services.reviews.approve(...scope, user.id, { ids: [forbidden.id] });
    expect(await settled(forbidden.id)).toBe('publish-failed');
    expect((await services.reviews.get(...scope, forbidden.id)).publishFailure).toEqual({
      reason: 'permission',
      message: publishFailureMessage('permission', a, `PATCH /products/${a}`),
    });
    expect(publishFailureMessage('permission', a, `PATCH /products/${a}`)).toBe(
      `OCAPI Data settings missing: PATCH /products/${a} was refused (403). Paste the OCAPI Data settings snippet in Business Manager and save. Then Retry.`,
    );
    b2c.instance(HOST).settings.ocapiData = settings;

    // 404: the product is gone from the instance.
    const gone = await propose(env.id, b, 'page_description', 'default', 'Gone');
    b2c.instance(HOST).removeProduct(b);
    await services.reviews.approve(...scope, user.id, { ids: [gone.id] });
    expect(await settled(gone.id)).toBe('publish-failed');
    expect((await services.reviews.get(...scope, gone.id)).publishFailure?.reason).toBe(
      'product-missing',
    );

    // 401: the instance rejects Beacon's API client.
    b2c.faults.add({ path: `/products/${a}`, method: 'GET', status: 401 });
    const unauthorized = await propose(env.id, a, 'page_keywords', 'default', 'Unauthorized');
    await services.reviews.approve(...scope, user.id, { ids: [unauthorized.id] });
    expect(await settled(unauthorized.id)).toBe('publish-failed');
    expect((await services.reviews.get(...scope, unauthorized.id)).publishFailure).toEqual({
      reason: 'credentials',
      message: publishFailureMessage('credentials', a),
    });
    void org;
  });

  it('a field the instance accepts but does not store fails its proposal; the others of the write publish', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const data = b2c.instance(HOST).data();
    // An instance whose product update leaves short_description as it was (ADR 0042: the spec's
    // list of what an update may change does not name it).
    data.unstoredProductFields = new Set(['short_description']);
    try {
      const title = await propose(env.id, id, 'page_title', 'default', 'Stored title');
      const short = await propose(env.id, id, 'short_description', 'default', 'Never stored');
      const before = live(id).short_description.default;
      await services.reviews.approve(...scope, user.id, { ids: [title.id, short.id] });
      expect(await settled(title.id)).toBe('published');
      expect(await settled(short.id)).toBe('publish-failed');
      expect((await services.reviews.get(...scope, short.id)).publishFailure).toEqual({
        reason: 'not-stored',
        message: publishFailureMessage('not-stored', id, 'short_description (default)'),
      });
      expect(live(id).page_title.default).toBe('Stored title');
      expect(live(id).short_description.default).toBe(before);
    } finally {
      data.unstoredProductFields = undefined;
    }
  });

  it('a publish whose answer was lost publishes on its retry without writing again', async () => {
    const { user, products, scope, env } = await linkedEnv(1);
    const id = products[0]!;
    const p = await propose(env.id, id, 'page_title', 'default', 'Written once');
    // The write reached the instance, but the job died before recording it.
    await get()
      .db.update(proposals)
      .set({ status: 'approved', decidedBy: user.id, publishRunId: 'a-lost-job' })
      .where(eq(proposals.id, p.id));
    editProduct(b2c.instance(HOST).data(), live(id), { page_title: { default: 'Written once' } });
    const { publishProduct } = await import('./publish');
    const patches = b2c.countRequests('PATCH', `/products/${id}`);
    const context = {
      db: get().db,
      runId: 'a-lost-job',
      orgId: scope[0],
      services,
      lastAttempt: false,
    } as unknown as Parameters<typeof publishProduct>[2];
    await publishProduct(env.id, id, context);
    await publishProduct(env.id, id, context);
    expect(await statusOf(p.id)).toBe('published');
    expect(b2c.countRequests('PATCH', `/products/${id}`)).toBe(patches);
    const events = await get()
      .db.select()
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, p.id), eq(proposalEvents.action, 'published')));
    expect(events).toHaveLength(1);
  });
});
