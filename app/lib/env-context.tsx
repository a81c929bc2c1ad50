/**
 * The org and env a screen under /app/{orgSlug}/{envSlug} works in (the accessors throw outside their
 * context, or when the env has no onboarded instance: a developer mistake, not a user state). The env layout provides them
 * from orgs.getContext, so screens read one value instead of re-querying, and a screen behind the
 * instance gate can rely on an onboarded instance being there.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Env, Org } from '~/domain/orgs/entities';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';

export interface EnvContextValue {
  org: Org;
  env: Env;
}

export type OnboardedInstance = NonNullable<Env['b2cInstance']> & { onboarded: true };

const EnvContext = createContext<EnvContextValue | null>(null);

/** Marks a subtree that renders inside one org's env; useCurrentEnv and useB2CInstance work inside it. */
export function EnvPage({ org, env, children }: EnvContextValue & { children: ReactNode }) {
  // One value while org and env stay the same (the query's data is structurally shared): a new
  // object per render would re-render every consumer on each navigation, and a <Navigate> among
  // them would navigate again, and again.
  const value = useMemo(() => ({ org, env }), [org, env]);
  return <EnvContext.Provider value={value}>{children}</EnvContext.Provider>;
}

export function useCurrentEnv(): EnvContextValue {
  const value = useContext(EnvContext);
  if (!value) throw new Error(DEVELOPER_MESSAGES.useCurrentEnvOutsideEnvPage);
  return value;
}

/** The env's onboarded B2C Commerce instance: for screens behind the instance gate (docs/product.md#gates). */
export function useB2CInstance(): OnboardedInstance {
  const { env } = useCurrentEnv();
  const instance = env.b2cInstance;
  if (!instance?.onboarded) throw new Error(DEVELOPER_MESSAGES.b2cInstanceMissing(env.slug));
  return { ...instance, onboarded: true };
}
