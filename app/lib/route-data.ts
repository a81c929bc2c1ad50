/** Route static data: which gates each screen opts out of (docs/product.md#gates). */
import type { GateOptOut } from '~/domain/orgs/gating';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    gate?: GateOptOut;
  }
}

export {};
