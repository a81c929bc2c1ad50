import { describe, expect, it } from 'vitest';
import { formatPrice, formatUsd } from './format';

describe('formatUsd and formatPrice', () => {
  it('writes dollars to the cent, and a cost under a cent as such', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.004)).toBe('under $0.01');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(0.625275)).toBe('$0.63');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('writes a list price whole when it is whole', () => {
    expect(formatPrice(3)).toBe('$3');
    expect(formatPrice(1.25)).toBe('$1.25');
    expect(formatPrice(0.3)).toBe('$0.30');
  });
});
