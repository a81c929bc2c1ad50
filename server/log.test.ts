import { describe, expect, it } from 'vitest';
import { createLogger } from './log';

describe('createLogger', () => {
  it('redacts cookies, authorization, secrets and tokens', () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (l: string) => lines.push(l) },
    });
    logger.info({
      req: { headers: { cookie: 'authjs.session-token=abc', authorization: 'Bearer xyz' } },
      config: { authSecret: 'hunter2', secretKey: 'k3y' },
      account: { access_token: 'at', refresh_token: 'rt', id_token: 'it', clientSecret: 'cs' },
      session: { sessionToken: 'st' },
      keep: 'visible',
    });
    const out = lines.join('');
    for (const secret of ['abc', 'xyz', 'hunter2', 'k3y', '"at"', '"rt"', '"it"', '"cs"', '"st"']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('visible');
  });
});
