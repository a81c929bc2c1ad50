// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Env, Org } from '~/domain/orgs/entities';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';
import { EnvPage, useB2CInstance, useCurrentEnv } from './env-context';

const org: Org = { id: 'o1', slug: 'acme', name: 'Acme', verified: true };
const onboardedEnv: Env = {
  id: 'e1',
  slug: 'prod',
  name: 'Production',
  b2cInstance: { id: 'i1', instanceId: 'zzte_001', onboarded: true },
};
const inside =
  (env: Env) =>
  ({ children }: { children: ReactNode }) => (
    <EnvPage org={org} env={env}>
      {children}
    </EnvPage>
  );

describe('env accessors', () => {
  it('give the org and env of the page', () => {
    const { result } = renderHook(() => useCurrentEnv(), { wrapper: inside(onboardedEnv) });
    expect(result.current).toEqual({ org, env: onboardedEnv });
  });

  it('keep one value while org and env stay the same, so consumers do not re-render (and re-navigate)', () => {
    const { result, rerender } = renderHook(() => useCurrentEnv(), {
      wrapper: inside(onboardedEnv),
    });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('give the onboarded instance', () => {
    const { result } = renderHook(() => useB2CInstance(), { wrapper: inside(onboardedEnv) });
    expect(result.current).toEqual({ id: 'i1', instanceId: 'zzte_001', onboarded: true });
  });

  it('throw outside an env page', () => {
    expect(() => renderHook(() => useCurrentEnv())).toThrow(
      DEVELOPER_MESSAGES.useCurrentEnvOutsideEnvPage,
    );
    expect(() => renderHook(() => useB2CInstance())).toThrow(
      DEVELOPER_MESSAGES.useCurrentEnvOutsideEnvPage,
    );
  });

  it('throw for an env with no instance, or one not yet onboarded', () => {
    const message = DEVELOPER_MESSAGES.b2cInstanceMissing('prod');
    expect(message).toBe(
      'useB2CInstance needs an onboarded B2C Commerce instance, and env "prod" has none.',
    );
    const noInstance = { ...onboardedEnv, b2cInstance: null };
    expect(() => renderHook(() => useB2CInstance(), { wrapper: inside(noInstance) })).toThrow(
      message,
    );
    const halfway = {
      ...onboardedEnv,
      b2cInstance: { id: 'i1', instanceId: 'zzte_001', onboarded: false },
    };
    expect(() => renderHook(() => useB2CInstance(), { wrapper: inside(halfway) })).toThrow(message);
  });
});
