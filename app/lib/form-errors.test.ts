import { describe, expect, it } from 'vitest';
import { nameSlugInput } from '~/domain/orgs/inputs';
import { formErrorsOf, schemaErrorsOf } from './form-errors';

const trpcError = (message: string, data: object) => Object.assign(new Error(message), { data });

describe('formErrorsOf', () => {
  it('puts zod field errors on their fields and the rest on the form', () => {
    const error = trpcError('[…]', {
      zodError: {
        formErrors: [],
        fieldErrors: { slug: ['Lowercase letters'], orgId: ['Invalid'] },
      },
    });
    expect(formErrorsOf(error, ['name', 'slug'])).toEqual({
      fields: { slug: 'Lowercase letters' },
      form: 'Invalid',
    });
  });

  it('keeps an error keyed by a path under a field on the field and on its path', () => {
    const error = trpcError('This market is not among the catalogue’s locales', {
      zodError: {
        formErrors: [],
        fieldErrors: {
          'otherMarkets.1.market': ['This market is not among the catalogue’s locales'],
          'orgId.x': ['Invalid'],
        },
      },
    });
    expect(formErrorsOf(error, ['market', 'otherMarkets'])).toEqual({
      fields: {
        otherMarkets: 'This market is not among the catalogue’s locales',
        'otherMarkets.1.market': 'This market is not among the catalogue’s locales',
      },
      form: 'Invalid',
    });
  });

  it('maps a domain reason to its field with the server message', () => {
    const error = trpcError('The slug "acme" is taken.', { reason: 'slug-taken', zodError: null });
    expect(formErrorsOf(error, ['name', 'slug'], { 'slug-taken': 'slug' })).toEqual({
      fields: { slug: 'The slug "acme" is taken.' },
      form: null,
    });
  });

  it('shows any other failure as the form message, and nothing without an error', () => {
    expect(formErrorsOf(new Error('Superuser required'), ['name'])).toEqual({
      fields: {},
      form: 'Superuser required',
    });
    expect(formErrorsOf(null, ['name'])).toEqual({ fields: {}, form: null });
  });
});

describe('schemaErrorsOf', () => {
  it('gives the first message of each listed field', () => {
    const schema = nameSlugInput;
    expect(schemaErrorsOf(schema, { name: 'A', slug: 'Not a slug' }, ['name', 'slug'])).toEqual({
      name: 'At least 2 characters',
      slug: 'Lowercase letters, digits and single hyphens only',
    });
    expect(schemaErrorsOf(schema, { name: 'Acme', slug: 'acme' }, ['name', 'slug'])).toEqual({});
  });
});
