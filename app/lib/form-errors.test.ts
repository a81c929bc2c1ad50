import { describe, expect, it } from 'vitest';
import { formErrorsOf } from './form-errors';

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
