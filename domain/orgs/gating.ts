/** Gating (docs/product.md#gates): which block, if any, a screen shows for this org, env and user. */
export type Gate = 'onboarding-needed' | 'integration-missing' | null;

/** What a route opts out of. Home opts out of both; settings, onboarding, landing pages, agents and theme of the instance gate. */
export interface GateOptOut {
  orgVerification?: boolean;
  instance?: boolean;
}

export function gateFor(input: {
  org: { verified: boolean };
  env: { b2cInstance: { onboarded: boolean } | null };
  user: { isSuperUser: boolean };
  optOut?: GateOptOut | undefined;
}): Gate {
  const optOut = input.optOut ?? {};
  if (!optOut.orgVerification && !input.org.verified && !input.user.isSuperUser)
    return 'onboarding-needed';
  if (!optOut.instance && !input.env.b2cInstance?.onboarded) return 'integration-missing';
  return null;
}

/**
 * Every env screen and what it opts out of: the one table the browser's gate (the env layout) and the
 * server's env procedures (server/trpc/trpc.ts) both read, so the two cannot drift.
 */
export const SCREEN_GATES = {
  home: { orgVerification: true, instance: true },
  settings: { instance: true },
  onboarding: { instance: true },
  landingPages: { instance: true },
  agents: { instance: true },
  theme: { instance: true },
  products: {},
  reviews: {},
  analyst: {},
} as const satisfies Record<string, GateOptOut>;

export type Screen = keyof typeof SCREEN_GATES;

/**
 * What a procedure used by several screens opts out of: what any of them opts out of (it must answer
 * every screen that shows, and each screen's own gate blocks the rest).
 */
export function optOutOf(screens: readonly Screen[]): GateOptOut {
  const outs: GateOptOut[] = screens.map((s) => SCREEN_GATES[s]);
  return {
    orgVerification: outs.some((o) => o.orgVerification === true),
    instance: outs.some((o) => o.instance === true),
  };
}
