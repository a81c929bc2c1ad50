/** Route static data: what each screen opts out of (spec §4 gating). */
import type { GateOptOut } from '~/domain/orgs/gating';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    gate?: GateOptOut;
  }
}

export {};
