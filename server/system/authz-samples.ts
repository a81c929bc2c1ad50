/** The system area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { expect } from 'vitest';
import { type AuthzSamples } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  /** Health for anyone signed in; it names no org and shows no org data. */
  'system.status': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toBeInstanceOf(Array) },
  },
  /** The same report over /ws: the first event is the report. */
  'system.statusUpdates': {
    input: () => undefined,
    nonMember: {
      result: async (v) => {
        const updates = (v as AsyncIterable<unknown>)[Symbol.asyncIterator]();
        const first = await updates.next();
        await updates.return?.();
        expect(first.value).toBeInstanceOf(Array);
      },
    },
  },
};
