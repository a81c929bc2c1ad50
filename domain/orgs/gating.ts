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

export const OPT_OUT = {
  home: { orgVerification: true, instance: true },
  instanceOnly: { instance: true },
} as const satisfies Record<string, GateOptOut>;
