/**
 * Landing pages on the server, on both drivers, against the real B2C simulator: drafts, paging, slug
 * conflicts, publish as a content asset (read back from the simulator), unpublish, the superuser
 * guard, and a publish refused by the instance's OCAPI settings.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTENT_BODY_DEFINITION_PATH } from '~/domain/instances/ocapi';
import { VERIFY_MESSAGES } from '~/domain/instances/snippets';
import type { LandingPageFields } from '~/domain/landing-pages/entities';
import { LANDING_PAGE_MESSAGES } from '~/domain/landing-pages/messages';
import { LANDING_PAGES_PAGE_SIZE } from '~/domain/landing-pages/search';
import { PRESETS } from '~/domain/theme-designer/theme-designer';
import { type B2CSimulator, createB2CSimulator, SIM_SITE_ID } from '~/simulators/b2c';
import { SIM_SHARED_LIBRARY_ID } from '~/simulators/b2c/data';
import { catalogProducts } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { refreshProduct } from '~/server/products/sync';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { linkToSimulator } from '~/server/simulator-link';
import { addEnv, domainError, makeOrg, makeUser, uniq } from '~/server/test-support';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';

const HOST = 'zzte-003.dx.commercecloud.salesforce.com';

let b2c: B2CSimulator;
let fresh: string[] = [];
beforeAll(async () => {
  b2c = await createB2CSimulator({ seed: 29 });
  fresh = b2c
    .instance(HOST)
    .data()
    .products.filter((p) => p.type === 'item' && p.name.default)
    .map((p) => p.id);
});
afterAll(async () => {
  await b2c.stop();
});

/** Returns once the clock has moved on to the next millisecond. */
async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
}

const fields = (slug: string, over: Partial<LandingPageFields> = {}): LandingPageFields => ({
  title: `Page ${slug}`,
  slug,
  locale: 'default',
  themeId: null,
  sections: [{ type: 'hero', heading: 'Hello' }],
  ...over,
});

describeEachDriver('landing pages', (get) => {
  const secrets = createSecrets(randomBytes(32));
  let services: BeaconServices;

  beforeAll(() => {
    services = createServices({
      db: get().db,
      b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 }),
      secrets,
    });
  });

  async function linkedEnv(n = 0) {
    const db = get().db;
    const superuser = await makeUser(db, { isSuperUser: true });
    const member = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user: superuser }, { user: member }] });
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
    return { org, env, superuser, member, products, data };
  }

  it('creates, updates and lists pages newest first, 48 a page, with the total', async () => {
    const { org, env, superuser } = await linkedEnv();
    const lp = services.landingPages;
    for (let i = 0; i < LANDING_PAGES_PAGE_SIZE + 2; i++) {
      await lp.create(org.id, env.id, superuser.id, fields(`page-${i}`));
      // PGlite's clock counts milliseconds: each page is made in a millisecond of its own, so
      // "newest first" has one answer (two made in the same one would tie, in id order).
      await nextMillisecond();
    }
    const first = await lp.list(org.id, env.id, 1);
    expect(first.total).toBe(LANDING_PAGES_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(LANDING_PAGES_PAGE_SIZE);
    expect(first.items[0]!.slug).toBe(`page-${LANDING_PAGES_PAGE_SIZE + 1}`);
    expect((await lp.list(org.id, env.id, 2)).items.map((p) => p.slug)).toEqual([
      'page-1',
      'page-0',
    ]);
    const page0 = (await lp.list(org.id, env.id, 2)).items[1]!;
    const updated = await lp.update(
      org.id,
      env.id,
      superuser.id,
      page0.id,
      fields('page-0', { title: 'Renamed' }),
    );
    expect(updated).toMatchObject({
      title: 'Renamed',
      status: 'draft',
      hasUnpublishedChanges: false,
    });
    expect((await lp.list(org.id, env.id, 1)).items[0]!.id).toBe(page0.id);
  });

  it('refuses a slug the env already has, on create and on update', async () => {
    const { org, env, superuser } = await linkedEnv();
    const lp = services.landingPages;
    await lp.create(org.id, env.id, superuser.id, fields('taken'));
    const other = await lp.create(org.id, env.id, superuser.id, fields('other'));
    const onCreate = await domainError(lp.create(org.id, env.id, superuser.id, fields('taken')));
    expect([onCreate.kind, onCreate.message]).toEqual([
      'CONFLICT',
      LANDING_PAGE_MESSAGES.slugTaken('taken'),
    ]);
    const onUpdate = await domainError(
      lp.update(org.id, env.id, superuser.id, other.id, fields('taken')),
    );
    expect(onUpdate.kind).toBe('CONFLICT');
  });

  it('refuses a grid naming products the catalogue copy lacks', async () => {
    const { org, env, superuser, products } = await linkedEnv(1);
    const grid = (productIds: string[]) =>
      fields('grid', { sections: [{ type: 'productGrid', productIds }] });
    const error = await domainError(
      services.landingPages.create(org.id, env.id, superuser.id, grid([products[0]!, 'nope'])),
    );
    expect([error.kind, error.message]).toEqual([
      'INVALID',
      LANDING_PAGE_MESSAGES.unknownProducts(['nope']),
    ]);
    const page = await services.landingPages.create(org.id, env.id, superuser.id, grid(products));
    expect(page.sections).toEqual([{ type: 'productGrid', productIds: products }]);
  });

  it('publishes the page as a content asset with escaped HTML and named products, republishes, and unpublishes', async () => {
    const { org, env, superuser, products, data } = await linkedEnv(2);
    const db = get().db;
    await db
      .update(catalogProducts)
      .set({ name: { default: '<b>Evil</b> jacket' } })
      .where(eq(catalogProducts.b2cProductId, products[0]!));
    const lp = services.landingPages;
    const theme = await lp.saveTheme(org.id, superuser.id, 'Brand', PRESETS.emerald.theme);
    const page = await lp.create(
      org.id,
      env.id,
      superuser.id,
      fields('spring', {
        themeId: theme.id,
        sections: [
          {
            type: 'hero',
            heading: '<script>alert(1)</script>',
            ctaLabel: 'Go',
            ctaUrl: '/s/RefArch/sale',
          },
          { type: 'productGrid', productIds: products },
          { type: 'faq', items: [{ question: 'Q" onerror="x', answer: 'A' }] },
        ],
      }),
    );
    const published = await lp.publish(org.id, env.id, superuser.id, page.id);
    expect(published).toMatchObject({
      status: 'published',
      publishedAssetId: 'beacon-lp-spring',
      publishedLibraryId: SIM_SITE_ID,
    });
    expect(published.publishedAt).toBeInstanceOf(Date);
    const asset = await data.getContent(SIM_SITE_ID, 'beacon-lp-spring');
    const html = asset.c_body?.default?.markup ?? '';
    expect(asset.name).toEqual({ default: 'Page spring' });
    expect(asset.online).toEqual({ default: true });
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('" onerror=');
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt; jacket');
    const secondName = b2c.instance(HOST).data().productsById.get(products[1]!)!.name.default!;
    expect(html).toContain(secondName.replace(/&/g, '&amp;'));
    expect(html).toContain('--lp-primary:');

    // Edited after publishing: still published, with changes to publish; a republish replaces the asset.
    const edited = await lp.update(org.id, env.id, superuser.id, page.id, {
      ...fields('spring', { themeId: theme.id }),
      title: 'Spring v2',
    });
    expect(edited).toMatchObject({ status: 'published', hasUnpublishedChanges: true });
    const deleting = await domainError(lp.delete(org.id, env.id, page.id));
    expect([deleting.kind, deleting.message]).toEqual([
      'CONFLICT',
      LANDING_PAGE_MESSAGES.deletePublished,
    ]);
    expect((await lp.publish(org.id, env.id, superuser.id, page.id)).hasUnpublishedChanges).toBe(
      false,
    );
    expect((await data.getContent(SIM_SITE_ID, 'beacon-lp-spring')).name).toEqual({
      default: 'Spring v2',
    });

    const unpublished = await lp.unpublish(org.id, env.id, superuser.id, page.id);
    expect(unpublished).toMatchObject({
      status: 'draft',
      publishedAt: null,
      publishedAssetId: null,
    });
    await expect(data.getContent(SIM_SITE_ID, 'beacon-lp-spring')).rejects.toThrow();
    await lp.delete(org.id, env.id, page.id);
    expect((await domainError(lp.get(org.id, env.id, page.id))).kind).toBe('NOT_FOUND');
  });

  it('counts an asset already gone from the instance as unpublished', async () => {
    const { org, env, superuser, data } = await linkedEnv();
    const lp = services.landingPages;
    const page = await lp.create(org.id, env.id, superuser.id, fields('gone'));
    await lp.publish(org.id, env.id, superuser.id, page.id);
    await data.deleteContent(SIM_SITE_ID, 'beacon-lp-gone');
    expect((await lp.unpublish(org.id, env.id, superuser.id, page.id)).status).toBe('draft');
  });

  it('says so when the site has no private content library to publish to', async () => {
    const { org, env, superuser } = await linkedEnv();
    const lp = services.landingPages;
    const page = await lp.create(org.id, env.id, superuser.id, fields('shared'));
    const libraries = b2c.instance(HOST).data().libraries;
    const own = libraries.get(SIM_SITE_ID)!;
    libraries.delete(SIM_SITE_ID);
    try {
      const error = await domainError(lp.publish(org.id, env.id, superuser.id, page.id));
      expect(error.kind).toBe('INVALID');
      expect(error.message).toBe(LANDING_PAGE_MESSAGES.noPrivateLibrary(SIM_SITE_ID));
      expect((await lp.get(org.id, env.id, page.id)).status).toBe('draft');
    } finally {
      libraries.set(SIM_SITE_ID, own);
    }
  });

  it('publishes to the shared library the env names, unpublishes from it, and names an unknown one', async () => {
    const { org, env, superuser, data } = await linkedEnv();
    const lp = services.landingPages;
    // A site on a shared library (SFRA's are): it has no library of its own.
    const libraries = b2c.instance(HOST).data().libraries;
    const own = libraries.get(SIM_SITE_ID)!;
    libraries.delete(SIM_SITE_ID);
    try {
      expect(await lp.contentLibrary(org.id, env.id)).toEqual({ libraryId: null });
      expect(await lp.setContentLibrary(org.id, env.id, SIM_SHARED_LIBRARY_ID)).toEqual({
        libraryId: SIM_SHARED_LIBRARY_ID,
      });
      const page = await lp.create(org.id, env.id, superuser.id, fields('on-shared'));
      const published = await lp.publish(org.id, env.id, superuser.id, page.id);
      expect(published).toMatchObject({
        status: 'published',
        publishedLibraryId: SIM_SHARED_LIBRARY_ID,
      });
      const asset = await data.getContent(SIM_SHARED_LIBRARY_ID, 'beacon-lp-on-shared');
      expect(asset.c_body?.default?.markup).toContain('Hello');

      // Unpublished from where it was published, whatever the setting says now.
      await lp.setContentLibrary(org.id, env.id, 'NoSuchLibrary');
      expect((await lp.unpublish(org.id, env.id, superuser.id, page.id)).status).toBe('draft');
      await expect(data.getContent(SIM_SHARED_LIBRARY_ID, 'beacon-lp-on-shared')).rejects.toThrow();

      const error = await domainError(lp.publish(org.id, env.id, superuser.id, page.id));
      expect(error.message).toBe(LANDING_PAGE_MESSAGES.libraryNotFound('NoSuchLibrary'));
      // Back to the site's own, which this site does not have.
      await lp.setContentLibrary(org.id, env.id, null);
      const own404 = await domainError(lp.publish(org.id, env.id, superuser.id, page.id));
      expect(own404.message).toBe(LANDING_PAGE_MESSAGES.noPrivateLibrary(SIM_SITE_ID));
    } finally {
      libraries.set(SIM_SITE_ID, own);
    }
  });

  it('checks the content asset body attribute once before the first publish: missing, nothing is published', async () => {
    const { org, env, superuser, data } = await linkedEnv();
    const lp = services.landingPages;
    // Its own slug each run: both databases' passes share the one simulated instance.
    const slug = uniq('no-body');
    const page = await lp.create(org.id, env.id, superuser.id, fields(slug));
    const attributes = b2c.instance(HOST).data().contentAttributes;
    const body = attributes.get('body')!;
    attributes.delete('body');
    try {
      const error = await domainError(lp.publish(org.id, env.id, superuser.id, page.id));
      expect(error.kind).toBe('INVALID');
      expect(error.message).toBe(LANDING_PAGE_MESSAGES.noBodyAttribute);
      expect((await lp.get(org.id, env.id, page.id)).status).toBe('draft');
      await expect(data.getContent(SIM_SITE_ID, `beacon-lp-${slug}`)).rejects.toThrow();
    } finally {
      attributes.set('body', body);
    }
    // A missing attribute is not remembered: once added, the next publish asks again and publishes.
    expect((await lp.publish(org.id, env.id, superuser.id, page.id)).status).toBe('published');
    // Found once, it is not asked again for this env and instance.
    attributes.delete('body');
    try {
      await lp.unpublish(org.id, env.id, superuser.id, page.id);
      expect((await lp.publish(org.id, env.id, superuser.id, page.id)).status).toBe('published');
      // Another env on the same instance asks for itself.
      const other = await linkedEnv();
      const otherPage = await lp.create(
        other.org.id,
        other.env.id,
        other.superuser.id,
        fields('x'),
      );
      const error = await domainError(
        lp.publish(other.org.id, other.env.id, other.superuser.id, otherPage.id),
      );
      expect(error.message).toBe(LANDING_PAGE_MESSAGES.noBodyAttribute);
    } finally {
      attributes.set('body', body);
    }
  });

  it('ends a publish refused the attribute definition (its grant missing) in the plain 403 message', async () => {
    const { org, env, superuser } = await linkedEnv();
    const lp = services.landingPages;
    const page = await lp.create(org.id, env.id, superuser.id, fields('no-grant'));
    const granted = b2c.instance(HOST).settings.ocapiData!;
    const clientId = granted.clients[0]!.client_id;
    // Everything the publish needs but the definition.
    b2c.instance(HOST).settings.ocapiData = {
      _v: granted._v,
      clients: [
        {
          client_id: clientId,
          resources: [
            { resource_id: '/sites', methods: ['get'] },
            { resource_id: '/libraries/**', methods: ['get', 'put', 'delete'] },
          ],
        },
      ],
    };
    try {
      const error = await domainError(lp.publish(org.id, env.id, superuser.id, page.id));
      expect(error.kind).toBe('FORBIDDEN');
      expect(error.message).toBe(
        VERIFY_MESSAGES.missingSettings('ocapi-data', 'GET', CONTENT_BODY_DEFINITION_PATH),
      );
    } finally {
      b2c.instance(HOST).settings.ocapiData = granted;
    }
    expect((await lp.get(org.id, env.id, page.id)).status).toBe('draft');
  });

  it('ends a publish refused by the instance (Data settings removed) in the plain 403 message', async () => {
    const { org, env, superuser } = await linkedEnv();
    const lp = services.landingPages;
    const page = await lp.create(org.id, env.id, superuser.id, fields('refused'));
    const granted = b2c.instance(HOST).settings.ocapiData;
    b2c.instance(HOST).settings.ocapiData = null;
    try {
      const error = await domainError(lp.publish(org.id, env.id, superuser.id, page.id));
      expect(error.kind).toBe('FORBIDDEN');
      expect(error.message).toBe(VERIFY_MESSAGES.missingSettings('ocapi-data', 'GET', '/sites'));
    } finally {
      b2c.instance(HOST).settings.ocapiData = granted;
    }
    expect((await lp.get(org.id, env.id, page.id)).status).toBe('draft');
  });

  it('refuses every landing page procedure to a member who is not a superuser', async () => {
    const { org, env, superuser, member } = await linkedEnv();
    const page = await services.landingPages.create(
      org.id,
      env.id,
      superuser.id,
      fields('guarded'),
    );
    const caller = (user: typeof member) =>
      createCallerFactory(appRouter)({ user, services, requestId: 'landing-pages-test' });
    const scope = { orgId: org.id, envId: env.id };
    await expect(caller(member).landingPages.list(scope)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: LANDING_PAGE_MESSAGES.superuserRequired,
    });
    await expect(
      caller(member).landingPages.get({ ...scope, pageId: page.id }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      caller(member).landingPages.publish({ ...scope, pageId: page.id }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await caller(superuser).landingPages.list(scope)).total).toBe(1);
  });
});
