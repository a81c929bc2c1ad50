import { describe, expect, it } from 'vitest';
import { type CatalogueFacts, createAccuracyChecker, parseAmount } from './accuracy';

const catalogue: CatalogueFacts[] = [
  { id: 'M-LINEN-01', name: 'Classic Linen Dress', online: true, price: 129.99, currency: 'USD' },
  { id: 'M-WOOL-02', name: 'Tailored Wool Coat', online: true, price: 289.99, currency: 'USD' },
  { id: 'M-SILK-03', name: 'Vintage Silk Scarf', online: false, price: 49.99, currency: 'USD' },
  { id: 'M-EURO-04', name: 'Modern Denim Jacket', online: true, price: 89, currency: 'EUR' },
  { id: 'M-NOPRICE', name: 'Relaxed Cotton Shirt', online: true, price: null, currency: null },
];
const check = createAccuracyChecker(catalogue);

describe('parseAmount', () => {
  it.each([
    ['129.99', 129.99, true],
    ['129,99', 129.99, true],
    ['1,299.99', 1299.99, true],
    ['1.299,99', 1299.99, true],
    ['1 299', 1299, false],
    ['130', 130, false],
    ['1,299', 1299, false],
  ])('reads %s as %d', (written, amount, cents) => {
    expect(parseAmount(written)).toEqual({ amount, cents });
  });
});

describe('createAccuracyChecker', () => {
  it('finds a wrong price in the catalogue currency', () => {
    const answer =
      'Here are 2 options:\n1. Classic Linen Dress from Acme — $149.99\n2. Other thing';
    expect(check(answer)).toEqual([
      {
        productId: 'M-LINEN-01',
        kind: 'price',
        said: '$149.99',
        catalogue: 'USD 129.99',
        mismatch: true,
        start: answer.indexOf('1. Classic'),
        end: answer.indexOf('\n2.'),
      },
    ]);
  });

  it('takes a price rounded to whole units as the catalogue price, and cents exactly', () => {
    expect(check('The Classic Linen Dress costs about $130.').map((c) => c.mismatch)).toEqual([
      false,
    ]);
    expect(check('The Classic Linen Dress costs $129.99.').map((c) => c.mismatch)).toEqual([false]);
    expect(check('The Classic Linen Dress costs $129.49.').map((c) => c.mismatch)).toEqual([true]);
    expect(check('The Classic Linen Dress costs $128.').map((c) => c.mismatch)).toEqual([true]);
  });

  it('reads prices written the European way and currency codes', () => {
    expect(check('La Modern Denim Jacket coûte 89,00 €.')).toMatchObject([
      { kind: 'price', said: '89,00 €', catalogue: 'EUR 89.00', mismatch: false },
    ]);
    expect(check('Die Modern Denim Jacket kostet EUR 99.')).toMatchObject([
      { kind: 'price', mismatch: true },
    ]);
    expect(check('The Tailored Wool Coat is USD 1,289.99 now.')).toMatchObject([
      { kind: 'price', catalogue: 'USD 289.99', mismatch: true },
    ]);
  });

  it('reads dollars written the French way, the country after the sign', () => {
    // What Intl.NumberFormat('fr-FR') writes for USD: narrow no-break spaces around the thousands.
    expect(check('Classic Linen Dress de Acme — 129,99 $US')).toMatchObject([
      { kind: 'price', said: '129,99 $US', catalogue: 'USD 129.99', mismatch: false },
    ]);
    expect(check('Tailored Wool Coat de Acme — 1\u202f289 $US')).toMatchObject([
      { kind: 'price', said: '1\u202f289 $US', mismatch: true },
    ]);
  });

  it('does not check a price in another currency, a range, or two prices', () => {
    expect(check('The Classic Linen Dress is £99.')).toEqual([]);
    expect(check('The Classic Linen Dress sells for $100–$150.')).toEqual([]);
    expect(check('The Classic Linen Dress was $150, now $129.99.')).toEqual([]);
  });

  it('does not attribute a claim when a sentence names two products, or none', () => {
    expect(check('The Classic Linen Dress and the Tailored Wool Coat cost $99.')).toEqual([]);
    expect(check('A good dress costs $99. The Classic Linen Dress is lovely.')).toEqual([]);
  });

  it('attributes claims sentence by sentence', () => {
    const claims = check(
      'The Classic Linen Dress is $129.99. The Tailored Wool Coat is $199. Both are great.',
    );
    expect(claims.map((c) => [c.productId, c.mismatch])).toEqual([
      ['M-LINEN-01', false],
      ['M-WOOL-02', true],
    ]);
  });

  it('finds a product called discontinued while it is online, in each language', () => {
    expect(check('Sadly the Classic Linen Dress was discontinued last year.')).toMatchObject([
      { kind: 'availability', said: 'discontinued', catalogue: 'online', mismatch: true },
    ]);
    expect(check('La Classic Linen Dress n’est plus disponible.')).toMatchObject([
      { kind: 'availability', mismatch: true },
    ]);
    expect(check('Das Classic Linen Dress ist leider ausverkauft.')).toMatchObject([
      { kind: 'availability', said: 'ausverkauft', mismatch: true },
    ]);
    expect(check('The Classic Linen Dress is épuisé.')).toMatchObject([
      { kind: 'availability', said: 'épuisé' },
    ]);
  });

  it('agrees with an answer that calls an offline product discontinued', () => {
    expect(check('The Vintage Silk Scarf is no longer available.')).toMatchObject([
      { kind: 'availability', catalogue: 'offline', mismatch: false },
    ]);
  });

  it('reads a negated cue as no claim', () => {
    expect(check('The Classic Linen Dress is not discontinued.')).toEqual([]);
    expect(check("The Classic Linen Dress isn't sold out.")).toEqual([]);
  });

  it('checks no price for a product the copy has no price for', () => {
    expect(check('The Relaxed Cotton Shirt is $25.')).toEqual([]);
  });

  it('finds a product named by its id', () => {
    expect(check('Item M-WOOL-02 costs $289.99.')).toMatchObject([
      { productId: 'M-WOOL-02', mismatch: false },
    ]);
  });

  it('reads the same answer the same way every time', () => {
    const answer = 'The Tailored Wool Coat is $199. The Classic Linen Dress is sold out.';
    expect(check(answer)).toEqual(check(answer));
  });
});

describe('products that share a name', () => {
  const twins = createAccuracyChecker([
    { id: 'I-00030', name: 'Modern Leather Bag', online: true, price: 169.99, currency: 'USD' },
    { id: 'I-00221', name: 'Modern Leather Bag', online: true, price: 49.99, currency: 'USD' },
  ]);
  const answer = '1. Modern Leather Bag from Acme — $169.99\n2. Another bag';

  it('are told apart by the page the engine cited for the sentence', () => {
    const cited = [
      { start: 3, end: 30, url: 'https://shop.example/s/Site/modern-leather-bag/I-00030.html' },
    ];
    expect(twins(answer, cited)).toMatchObject([{ productId: 'I-00030', mismatch: false }]);
    const other = [
      { start: 3, end: 30, url: 'https://shop.example/s/Site/modern-leather-bag/I-00221.html' },
    ];
    expect(twins(answer, other)).toMatchObject([{ productId: 'I-00221', mismatch: true }]);
    // A page in another locale carries SFRA's locale parameter after the id.
    const localized = [
      {
        start: 3,
        end: 30,
        url: 'https://shop.example/s/Site/sac-en-cuir-moderne/I-00221.html?lang=fr_FR',
      },
    ];
    expect(twins(answer, localized)).toMatchObject([{ productId: 'I-00221', mismatch: true }]);
  });

  it('are no claim without a citation, or with one elsewhere in the answer', () => {
    expect(twins(answer)).toEqual([]);
    const elsewhere = [{ start: 45, end: 55, url: 'https://shop.example/x/I-00030.html' }];
    expect(twins(answer, elsewhere)).toEqual([]);
  });
});
