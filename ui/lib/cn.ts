/**
 * Class names for ui components: clsx, then tailwind-merge so a caller's className wins over a
 * variant's. tailwind-merge (8 KB gzip) loads with the signed-in stack, not on a visitor's first
 * page: until `loadClassMerge()` resolves, classes are joined unmerged, which is exact for the
 * signed-out screens (login, auth error, default screens) because they pass no conflicting classes
 * (docs/decisions/0002-lean-entry-chunk.md).
 */
import { type ClassValue, clsx } from 'clsx';

let merge: (classes: string) => string = (classes) => classes;
let loading: Promise<void> | undefined;

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}

export function loadClassMerge(): Promise<void> {
  loading ??= import('tailwind-merge').then(({ twMerge }) => {
    merge = twMerge;
  });
  return loading;
}
