import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_BODY_DEFINITION_PATH } from '~/domain/instances/ocapi';
import type { OcapiMethod } from '~/domain/instances/snippets';
import { SIM_SITE_ID } from './data';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from './simulator';

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 1 });
});
afterAll(() => sim.stop());

function grant(resource: string, methods: OcapiMethod[]) {
  sim.instance(HOST).settings.ocapiData = {
    _v: '21.10',
    clients: [
      { client_id: SIM_ADMIN_CLIENT.clientId, resources: [{ resource_id: resource, methods }] },
    ],
  };
}

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6${path}`, {
    method,
    headers: { authorization: `Bearer ${await sim.token()}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { fault: { type: string } },
  };
}

const asset = `/libraries/${SIM_SITE_ID}/content/beacon-lp-sale`;
const doc = {
  id: 'beacon-lp-sale',
  name: { default: 'Sale' },
  online: { default: true },
  c_body: { default: { source: '<p>Hello</p>' } },
};

describe('OCAPI Data content assets', () => {
  it('creates, reads, replaces and deletes a content asset in the site library', async () => {
    grant('/**', ['get', 'put', 'delete']);
    expect((await call('GET', asset)).body.fault.type).toBe('ContentNotFoundException');
    const created = await call('PUT', asset, doc);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      _type: 'content',
      id: 'beacon-lp-sale',
      name: { default: 'Sale' },
      online: { default: true },
      // Stored as the source sent; read back as markup (rendered) and source.
      c_body: { default: { _type: 'markup_text', markup: '<p>Hello</p>', source: '<p>Hello</p>' } },
    });
    const replaced = await call('PUT', asset, { ...doc, name: { 'fr-FR': 'Soldes' } });
    expect(replaced.status).toBe(200);
    const read = await call('GET', asset);
    expect(read.body.name).toEqual({ 'fr-FR': 'Soldes' });
    expect(read.body.creation_date).toBe(created.body.creation_date);
    expect((await call('DELETE', asset)).status).toBe(204);
    expect((await call('DELETE', asset)).body.fault.type).toBe('ContentNotFoundException');
  });

  it('answers LibraryNotFoundException for an unknown library, and refuses a mismatched id', async () => {
    grant('/**', ['get', 'put', 'delete']);
    const missing = await call('GET', '/libraries/NoSuchLibrary/content/x');
    expect([missing.status, missing.body.fault.type]).toEqual([404, 'LibraryNotFoundException']);
    const mismatch = await call('PUT', asset, { ...doc, id: 'other' });
    expect([mismatch.status, mismatch.body.fault.type]).toEqual([400, 'IdConflictException']);
    const unknownField = await call('PUT', asset, { ...doc, c_script: 'x' });
    expect(unknownField.status).toBe(400);
  });

  it('refuses a body written as markup, which is read only, and one written as a bare string', async () => {
    grant('/**', ['get', 'put', 'delete']);
    const asMarkup = await call('PUT', asset, {
      ...doc,
      c_body: { default: { markup: '<p>x</p>' } },
    });
    expect([asMarkup.status, asMarkup.body.fault.type]).toEqual([400, 'ReadOnlyPropertyException']);
    const asString = await call('PUT', asset, { ...doc, c_body: { default: '<p>x</p>' } });
    expect(asString.status).toBe(400);
    expect((await call('GET', asset)).status).toBe(404);
  });

  it('enforces the OCAPI settings: a method or resource not granted is ClientAccessForbiddenException', async () => {
    grant('/libraries/*/content/*', ['get']);
    expect((await call('GET', asset)).status).toBe(404);
    const put = await call('PUT', asset, doc);
    expect([put.status, put.body.fault.type]).toEqual([403, 'ClientAccessForbiddenException']);
    sim.instance(HOST).settings.ocapiData = null;
    expect((await call('GET', asset)).status).toBe(403);
  });

  it('answers the Content body attribute definition, and AttributeDefinitionNotFoundException on an instance without it', async () => {
    grant('/**', ['get']);
    const path = CONTENT_BODY_DEFINITION_PATH;
    const found = await call('GET', path);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      _type: 'object_attribute_definition',
      id: 'body',
      effective_id: 'c_body',
      value_type: 'html',
    });
    const attributes = sim.instance(HOST).data().contentAttributes;
    const body = attributes.get('body')!;
    attributes.delete('body');
    try {
      const missing = await call('GET', path);
      expect([missing.status, missing.body.fault.type]).toEqual([
        404,
        'AttributeDefinitionNotFoundException',
      ]);
    } finally {
      attributes.set('body', body);
    }
    // What it does not model it refuses, naming the gap.
    const product = await call('GET', '/system_object_definitions/Product/attribute_definitions/x');
    expect([product.status, product.body.fault.type]).toEqual([
      501,
      'NotModelledBySimulatorException',
    ]);
    const byEffectiveId = await call(
      'GET',
      '/system_object_definitions/Content/attribute_definitions/c_body',
    );
    expect(byEffectiveId.status).toBe(501);
  });

  it('refuses the attribute definition without its grant: ClientAccessForbiddenException', async () => {
    grant('/libraries/**', ['get', 'put', 'delete']);
    const refused = await call('GET', CONTENT_BODY_DEFINITION_PATH);
    expect([refused.status, refused.body.fault.type]).toEqual([
      403,
      'ClientAccessForbiddenException',
    ]);
    grant(CONTENT_BODY_DEFINITION_PATH, ['get']);
    expect((await call('GET', CONTENT_BODY_DEFINITION_PATH)).status).toBe(200);
  });
});
