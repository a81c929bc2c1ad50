import { describe, expect, it } from 'vitest';
import { createAnswerParser, extractUrls, hostOf } from './parse';

const parse = createAnswerParser({
  brand: { name: 'Acme', variants: ['ACME Outdoor', 'Acme Co.'], domain: 'acme.com' },
  competitors: [
    { name: 'Globex', domain: 'globex.example' },
    { name: 'Initech', variants: ['Initech Gear'] },
  ],
  catalogue: [
    { id: 'M-00012', name: 'Classic Linen Dress' },
    { id: 'I-00007', name: 'Alpine Rain Jacket' },
    { id: 'I-00008', name: 'Scarf' },
  ],
});

describe('brand mentions', () => {
  it('finds the brand by name or accepted variant, as a whole word, in any case', () => {
    expect(parse('For rain gear, acme is a solid pick.').brandMentioned).toBe(true);
    expect(parse('Try ACME Outdoor jackets.').brandMentioned).toBe(true);
    expect(parse('Acme Co. sells them too.').brandMentioned).toBe(true);
    expect(parse("Acme's jackets are warm.").brandMentioned).toBe(true);
    expect(parse('Acme\nOutdoor').brandMentioned).toBe(true);
  });

  it('does not find the brand inside other words', () => {
    expect(parse('Acmeology is a different shop, and so is TheAcme.').brandMentioned).toBe(false);
    expect(parse('The acmes of the mountains.').brandMentioned).toBe(false);
    expect(parse('Initechnology is not Initech.').competitorsNamed).toEqual(['Initech']);
  });

  it('ranks the brand among the brands the answer names, first appearance first', () => {
    const parsed = parse('1. Globex  2. Acme  3. Initech Gear');
    expect(parsed).toMatchObject({
      brandMentioned: true,
      position: 2,
      brandsInOrder: ['Globex', 'Acme', 'Initech'],
      competitorsNamed: ['Globex', 'Initech'],
    });
    expect(parse('Globex and Initech.').position).toBeNull();
    expect(parse('Acme, then Globex.').position).toBe(1);
  });
});

describe('citations and URLs', () => {
  it('extracts http(s) URLs and bare domains without trailing punctuation', () => {
    expect(
      extractUrls(
        'See https://www.acme.com/jackets?id=1, or globex.example/rain. Also (https://x.test/a).',
      ),
    ).toEqual(['https://www.acme.com/jackets?id=1', 'globex.example/rain', 'https://x.test/a']);
    expect(extractUrls('Write to help@acme.com or use v1.2 of it.')).toEqual([]);
  });

  it('counts the brand as cited when a URL is on its domain or a subdomain, not a look-alike', () => {
    expect(parse('Acme: https://shop.acme.com/p/1').brandCited).toBe(true);
    expect(parse('Details at acme.com.').brandCited).toBe(true);
    expect(parse('https://acme.com.evil.test/ and https://notacme.com').brandCited).toBe(false);
    expect(hostOf('WWW.Acme.com/x')).toBe('acme.com');
  });
});

describe('products named', () => {
  it('matches the catalogue’s ids and full names as whole words, once each, in order', () => {
    expect(
      parse(
        'The Alpine Rain Jacket (I-00007) beats the classic linen dress; i-00007 again. M-000120 is not one.',
      ).productsNamed,
    ).toEqual(['I-00007', 'M-00012']);
  });

  it('leaves out names too short to be specific', () => {
    expect(parse('A scarf helps.').productsNamed).toEqual([]);
  });
});

describe('sentiment (rule-based)', () => {
  it('reads the tone of the sentences naming the brand, with negation', () => {
    expect(parse('I recommend Acme for quality.').sentiment).toBe('positive');
    expect(parse('Avoid Acme: the zips are flimsy.').sentiment).toBe('negative');
    expect(parse('I would not recommend Acme.').sentiment).toBe('negative');
    expect(parse('Acme is great but overpriced.').sentiment).toBe('mixed');
    expect(parse('Acme sells jackets. Globex is the best.').sentiment).toBe('neutral');
    expect(parse('Globex is the best.').sentiment).toBeNull();
  });
});
