import { describe, expect, it } from 'vitest';
import { cn, loadClassMerge } from './cn';

describe('cn', () => {
  it("lets a caller's class win over a variant's once tailwind-merge is loaded", async () => {
    await loadClassMerge();
    expect(cn('h-10 px-4', 'px-6', { hidden: false })).toBe('h-10 px-6');
  });
});
