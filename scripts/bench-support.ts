/** What benches that never reach B2C Commerce pass as the gateway: every call refused. */
import type { B2CGateway } from '~/server/integrations/b2c/gateway';

export function fakeB2CGateway(): B2CGateway {
  const unused = () => Promise.reject(new Error('not used by the bench'));
  return {
    instanceBaseUrl: (host: string) => `https://${host}`,
    listInstances: unused,
    ensureApiClient: unused,
    verify: unused,
    instanceClients: () => {
      throw new Error('not used by the bench');
    },
  };
}
