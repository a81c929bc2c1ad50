import { describe, expect, it } from 'vitest';
import { storefrontUrl } from './storefront';

describe('storefrontUrl', () => {
  it("names the site, the page's locale and the content asset", () => {
    expect(
      storefrontUrl(
        'zzte-001.dx.commercecloud.salesforce.com',
        'RefArch',
        'en-US',
        'beacon-lp-summer',
      ),
    ).toBe(
      'https://zzte-001.dx.commercecloud.salesforce.com/on/demandware.store/Sites-RefArch-Site/en-US/Page-Show?cid=beacon-lp-summer',
    );
  });

  it('encodes what it is given', () => {
    expect(storefrontUrl('h.example', 'Site A', 'default', 'a&b')).toBe(
      'https://h.example/on/demandware.store/Sites-Site%20A-Site/default/Page-Show?cid=a%26b',
    );
  });
});
