import { describe, expect, it } from 'vitest';
import { createAnswerParser, extractUrls, foldText, hostOf, type Sentiment } from './parse';

const acme = {
  brand: 'Acme',
  parse: createAnswerParser({
    brand: { name: 'Acme', variants: ['ACME Outdoor', 'Acme Co.'], domain: 'acme.com' },
    competitors: [
      { name: 'Globex', domain: 'globex.example' },
      { name: 'Initech', variants: ['Initech Gear'] },
      { name: 'Acme Pro Gear', domain: 'acmepro.example' },
    ],
    catalogue: [
      { id: 'M-00012', name: 'Classic Linen Dress' },
      { id: 'I-00007', name: 'Alpine Rain Jacket' },
      { id: 'I-00008', name: 'Scarf' },
    ],
  }),
};

const cafe = {
  brand: 'Café Nord',
  parse: createAnswerParser({
    brand: { name: 'Café Nord', variants: ['Kaffeehaus Nord'], domain: 'cafe-nord.fr' },
    competitors: [{ name: 'Brûlerie Sud' }, { name: 'Großmann Kaffee' }],
    catalogue: [
      { id: 'CN-01', name: 'Mélange Brûlé Intense' },
      { id: 'CN-02', name: 'Großer Röstkaffee' },
    ],
  }),
};

/**
 * One answer as an assistant writes it, and what parsing it must give. The other fields follow:
 * the brand is mentioned when it is among `named`, its position is its place there, the competitors
 * are the others in the same order.
 */
interface Row {
  case: string;
  answer: string;
  /** The brands named, in order of first appearance. */
  named: string[];
  sentiment: Sentiment | null;
  /** The brand's domain is cited (default false). */
  cited?: boolean;
  /** Catalogue products named (default none). */
  products?: string[];
  /** The Café Nord setup (default Acme). */
  cafe?: true;
}

const ROWS: Row[] = [
  // Names, as whole words in any case.
  {
    case: 'the brand in lower case',
    answer: 'For rain gear, acme is a solid pick.',
    named: ['Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'an accepted variant',
    answer: 'Try the ACME Outdoor shell if you hike in wet weather; it is reliable.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a variant ending in a full stop',
    answer: 'Acme Co. sells them too, and returns are free.',
    named: ['Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'a variant broken over two lines',
    answer: 'The best shell I know comes from ACME\nOutdoor.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a possessive',
    answer: "Acme's jackets are warm and durable.",
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a possessive with a curly apostrophe',
    answer: 'Acme’s rain shell is the best I have tried.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'not inside longer words',
    answer: 'Acmeology is a different shop, and so is TheAcme.',
    named: [],
    sentiment: null,
  },
  {
    case: 'not a plural of the name',
    answer: 'The acmes of the Alps are beautiful in June.',
    named: [],
    sentiment: null,
  },
  {
    case: 'a competitor as a whole word only',
    answer: 'Initechnology is not Initech.',
    named: ['Initech'],
    sentiment: null,
  },

  // Position among the brands named.
  {
    case: 'a numbered list on one line',
    answer: '1. Globex  2. Acme  3. Initech Gear',
    named: ['Globex', 'Acme', 'Initech'],
    sentiment: 'neutral',
  },
  {
    case: 'competitors only',
    answer: 'Globex and Initech.',
    named: ['Globex', 'Initech'],
    sentiment: null,
  },
  {
    case: 'the brand first',
    answer: 'Acme, then Globex.',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'a Markdown list with bold names and a product',
    answer: [
      'Here are three good rain jackets:',
      '',
      '1. **Globex StormShell** – light and packable.',
      '2. **Acme Alpine Rain Jacket** – the best all-rounder, with taped seams.',
      '3. **Initech Gear Trailblazer** – a budget pick.',
    ].join('\n'),
    named: ['Globex', 'Acme', 'Initech'],
    sentiment: 'positive',
    products: ['I-00007'],
  },
  {
    case: 'a competitor named twice before the brand',
    answer:
      'Globex is the default choice. Many hikers stay with Globex for years. Acme is newer and cheaper.',
    named: ['Globex', 'Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'an answer in the simulator’s shape, with sources',
    answer: [
      'Here are 2 good options for a jacket:',
      '1. Alpine Rain Jacket from Acme [1]',
      '2. StormShell from Globex [2]',
      'The Alpine Rain Jacket from Acme is the most recommended for everyday wear.',
      '',
      'Sources:',
      '[1] https://acme.com/alpine-rain-jacket.html',
      '[2] https://globex.example/products/stormshell',
    ].join('\n'),
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
    cited: true,
    products: ['I-00007'],
  },

  // URLs and e-mail addresses are cited, not named.
  {
    case: 'a URL on the brand’s domain',
    answer: 'You can browse the range at https://acme.com/jackets.',
    named: [],
    sentiment: null,
    cited: true,
  },
  {
    case: 'a bare domain with a path',
    answer: 'Check acme.com/jackets for the current colours.',
    named: [],
    sentiment: null,
    cited: true,
  },
  {
    case: 'a www host with a hyphenated name',
    answer: 'Outfitter sites such as www.acme-outfitters.com list them too.',
    named: [],
    sentiment: null,
  },
  {
    case: 'a Markdown link whose text is the name',
    answer: '[Acme](https://acme.com) makes a great shell for wet climates.',
    named: ['Acme'],
    sentiment: 'positive',
    cited: true,
  },
  {
    case: 'a Markdown link whose text is the domain',
    answer: 'Buy it on [acme.com](https://www.acme.com/p/alpine) or in their shops.',
    named: [],
    sentiment: null,
    cited: true,
  },
  {
    case: 'a subdomain of the brand’s domain',
    answer: 'Acme: https://shop.acme.com/p/1',
    named: ['Acme'],
    sentiment: 'neutral',
    cited: true,
  },
  {
    case: 'look-alike hosts',
    answer: 'Beware of https://acme.com.evil.test/ and https://notacme.com, which are scams.',
    named: [],
    sentiment: null,
  },
  {
    case: 'a competitor only in a URL',
    answer: 'Acme is fine for most people; see also https://www.globex.example/sale.',
    named: ['Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'names inside a review URL',
    answer:
      'According to https://reviews.example/acme-vs-globex, Globex is lighter and Acme is warmer.',
    named: ['Globex', 'Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'the brand’s support address',
    answer: 'For warranty claims, write to support@acme.com.',
    named: [],
    sentiment: null,
  },
  {
    case: 'a support address beside the name',
    answer: 'Acme answers at help@acme.com within a day; Globex is slower.',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'the name as an address’s local part',
    answer: 'Send your questions to acme@gmail.com.',
    named: [],
    sentiment: null,
  },
  {
    case: 'a competitor’s address',
    answer: 'Initech: info@globex.example handles their orders.',
    named: ['Initech'],
    sentiment: null,
  },

  // A longer competitor name is the competitor's.
  {
    case: 'a competitor whose name starts with the brand’s',
    answer: 'Acme Pro Gear makes the best climbing harnesses.',
    named: ['Acme Pro Gear'],
    sentiment: null,
  },
  {
    case: 'the longer name in capitals',
    answer: 'ACME PRO GEAR harnesses are popular with guides.',
    named: ['Acme Pro Gear'],
    sentiment: null,
  },
  {
    case: 'the longer name and the brand alone',
    answer: 'Acme Pro Gear is for climbers; Acme itself is better for hiking jackets.',
    named: ['Acme Pro Gear', 'Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'the brand after the longer name in a list',
    answer: '1. Acme Pro Gear\n2. Globex\n3. Acme',
    named: ['Acme Pro Gear', 'Globex', 'Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'the brand before the longer name',
    answer: 'Acme and Acme Pro Gear are unrelated companies.',
    named: ['Acme', 'Acme Pro Gear'],
    sentiment: 'neutral',
  },
  {
    case: 'praise for the longer name is not the brand’s',
    answer: 'Acme is a jacket brand. Acme Pro Gear is excellent for ropes.',
    named: ['Acme', 'Acme Pro Gear'],
    sentiment: 'neutral',
  },

  // Unicode: NFKC, case folding, accents composed.
  {
    case: 'full-width letters',
    answer: 'Ａｃｍｅ is popular in Japan.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'capitals',
    answer: 'ACME IS THE BEST FOR RAIN.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a no-break space inside a variant',
    answer: 'ACME\u00a0Outdoor jackets ship from Denver.',
    named: ['Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'a combining accent',
    answer: 'Cafe\u0301 Nord roasts excellent beans.',
    named: ['Café Nord'],
    sentiment: 'positive',
    cafe: true,
  },
  {
    case: 'accented capitals',
    answer: 'CAFÉ NORD is a trusted roaster.',
    named: ['Café Nord'],
    sentiment: 'positive',
    cafe: true,
  },
  {
    case: 'accents kept: an unaccented spelling is another name',
    answer: 'Cafe Nord is a bar in Lille.',
    named: [],
    sentiment: null,
    cafe: true,
  },
  {
    case: 'ß written as SS',
    answer: 'GROSSMANN KAFFEE sells to offices; Café Nord sells to cafés.',
    named: ['Großmann Kaffee', 'Café Nord'],
    sentiment: 'neutral',
    cafe: true,
  },
  {
    case: 'the capital sharp s',
    answer: 'Café Nord oder GROẞMANN KAFFEE?',
    named: ['Café Nord', 'Großmann Kaffee'],
    sentiment: 'neutral',
    cafe: true,
  },
  {
    case: 'a product name with ß and umlauts, in capitals',
    answer: 'Der GROSSER RÖSTKAFFEE von Café Nord ist mild.',
    named: ['Café Nord'],
    sentiment: 'neutral',
    products: ['CN-02'],
    cafe: true,
  },
  {
    case: 'a product name with a combining accent',
    answer: 'Le Me\u0301lange Bru\u0302le\u0301 Intense de Café Nord est corsé.',
    named: ['Café Nord'],
    sentiment: 'neutral',
    products: ['CN-01'],
    cafe: true,
  },
  {
    case: 'the Turkish dotted capital I',
    answer: 'İNİTECH ve Acme Türkiye’de çok satılıyor.',
    named: ['Initech', 'Acme'],
    sentiment: 'neutral',
  },

  // Other languages (sentiment cues are English; words they share, like "excellent", count).
  {
    case: 'German, a list with a link',
    answer: [
      'Für Regenjacken empfehle ich vor allem zwei Marken:',
      '',
      '- **Acme**: sehr gute Verarbeitung, z. B. die Alpine Rain Jacket.',
      '- **Globex**: günstiger, aber weniger robust.',
      '',
      'Mehr unter https://www.acme.com/de/jacken.',
    ].join('\n'),
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
    cited: true,
    products: ['I-00007'],
  },
  {
    case: 'German compounds with a hyphen',
    answer: 'Die Acme-Jacke ist wasserdicht, die Globex-Jacke nicht.',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'German, the variant in a sentence',
    answer: 'Wer oft wandert, greift zu ACME Outdoor oder Initech Gear.',
    named: ['Acme', 'Initech'],
    sentiment: 'neutral',
  },
  {
    case: 'French, an elided article',
    answer: 'Les vestes d’Acme sont solides, celles de Globex moins.',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'French, a shared cue word',
    answer: 'Acme est excellent pour la randonnée.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'French, ne … pas',
    answer: 'Acme n’est pas durable sous la pluie.',
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'French, a heading and a list with a bare domain',
    answer: [
      '## Notre sélection',
      '',
      '1. Globex – le meilleur rapport qualité-prix',
      '2. Acme – vestes techniques, livraison rapide (acme.com)',
      '3. Initech Gear',
    ].join('\n'),
    named: ['Globex', 'Acme', 'Initech'],
    sentiment: 'neutral',
    cited: true,
  },
  {
    case: 'French, the accented brand and a competitor',
    answer: 'Pour un espresso, Café Nord (cafe-nord.fr) et la Brûlerie Sud sont sûrs.',
    named: ['Café Nord', 'Brûlerie Sud'],
    sentiment: 'neutral',
    cited: true,
    cafe: true,
  },
  {
    case: 'German, the brand’s variant and its domain in a link',
    answer: 'Kaffeehaus Nord röstet in Hamburg ([cafe-nord.fr](https://www.cafe-nord.fr/de)).',
    named: ['Café Nord'],
    sentiment: 'neutral',
    cited: true,
    cafe: true,
  },
  {
    case: 'Spanish, two brands',
    answer:
      '¿Buscas una chaqueta impermeable? Acme y Globex son las opciones más populares; Acme no es la más barata.',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'Spanish, a shared cue word',
    answer: 'Acme es durable y fácil de encontrar.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'Spanish, no before the cue',
    answer: 'En mi experiencia, Acme no es durable.',
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'Italian, an elided article and a product',
    answer:
      'Tra i marchi più affidabili ci sono Initech e Acme; dell’Acme consiglio la Alpine Rain Jacket.',
    named: ['Initech', 'Acme'],
    sentiment: 'neutral',
    products: ['I-00007'],
  },

  // Sentiment: list items and headings.
  {
    case: 'a heading naming the brand gives it the list below',
    answer: [
      '## Acme',
      '- Excellent waterproofing',
      '- Reliable zips',
      '',
      '## Globex',
      '- Flimsy hood',
    ].join('\n'),
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
  },
  {
    case: 'pros and cons under the brand’s heading',
    answer: [
      '### ACME Outdoor',
      '**Pros:** durable, well-made seams.',
      '**Cons:** overpriced for casual use.',
    ].join('\n'),
    named: ['Acme'],
    sentiment: 'mixed',
  },
  {
    case: 'bold lines as headings',
    answer: ['**1. Acme**', '- Great fit', '**2. Globex**', '- Poor fit'].join('\n'),
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
  },
  {
    case: 'items nested under the brand’s item',
    answer: [
      '1. **Acme** – our top pick',
      '   - durable shell',
      '   - no complaints about the zips',
      '2. **Globex**',
      '   - flimsy hood',
    ].join('\n'),
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
  },
  {
    case: 'a table, row by row',
    answer: [
      '| Brand | Verdict |',
      '|---|---|',
      '| Acme | reliable, great fit |',
      '| Globex | poor stitching |',
    ].join('\n'),
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
  },
  {
    case: 'a heading naming two brands gives its lines to neither',
    answer: '## Acme vs Globex\n- Globex is lighter\n- Excellent hoods on both',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'a paragraph after the list is not the item’s',
    answer: '- Acme: sturdy jackets.\n\nOverall the market is full of poor options.',
    named: ['Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'a competitor’s sentence in the brand’s item',
    answer: '- Acme: excellent zips. Globex is flimsy.',
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
  },
  {
    case: 'a quoted review',
    answer: '> Acme is my favourite jacket brand.\n> It has never let me down.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a rule ends the brand’s section',
    answer: '## Acme\nWarm jackets.\n\n---\n\nPrices everywhere are overpriced this year.',
    named: ['Acme'],
    sentiment: 'neutral',
  },
  {
    case: 'clauses about another brand in the brand’s sentence',
    answer: 'Acme is great for hiking, while Globex is cheap but flimsy.',
    named: ['Acme', 'Globex'],
    sentiment: 'positive',
  },
  {
    case: 'the brand in the second clause',
    answer: 'Globex is flimsy, unlike Acme.',
    named: ['Globex', 'Acme'],
    sentiment: 'neutral',
  },

  // Sentiment: contractions, curly apostrophes, negation scoped to its cue.
  {
    case: "isn't",
    answer: "Acme isn't the most reliable brand for alpine use.",
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'doesn’t with a curly apostrophe',
    answer: 'Acme doesn’t disappoint.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: "won't, then a clause of its own",
    answer: "Acme won't win awards for style, but its jackets are excellent.",
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'can’t go wrong',
    answer: 'You can’t go wrong with Acme.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: "wouldn't recommend",
    answer: "I wouldn't recommend Acme for alpine climbing.",
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: "shouldn't avoid",
    answer: "You shouldn't avoid Acme just because of the price.",
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'aren’t flimsy',
    answer: 'Acme’s jackets aren’t flimsy at all.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: "wasn't, then but",
    answer: "Acme wasn't always reliable, but it has improved.",
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: "don't think … the best",
    answer: "I don't think Acme is the best choice for kids.",
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'a contraction without its apostrophe',
    answer: 'Acme dont have bad reviews anywhere.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'not cheap, but excellent',
    answer: 'Acme is not cheap, but excellent.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'not the best, although reliable',
    answer: 'Acme is not the best, although it is reliable.',
    named: ['Acme'],
    sentiment: 'mixed',
  },
  {
    case: 'not only',
    answer: 'Acme: not only durable but also light.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'no doubt',
    answer: 'There is no doubt Acme makes the best shells.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'without issues',
    answer: 'My Acme jacket has lasted five winters without any issues.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'not bad',
    answer: 'Acme is not bad at all.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'hardly, then a semicolon',
    answer: 'Acme is hardly the best option; Globex is.',
    named: ['Acme', 'Globex'],
    sentiment: 'negative',
  },
  {
    case: 'not … or …',
    answer: 'Acme is not durable or reliable.',
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'never',
    answer: 'Acme jackets are never disappointing.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a double negation',
    answer: 'Acme is not without issues.',
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'a negation too far from the cue',
    answer: 'I have not tested every model in the range and Acme is excellent.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'a plain negative',
    answer: 'Avoid Acme: the zips are flimsy.',
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'two positive cues',
    answer: 'I recommend Acme for quality.',
    named: ['Acme'],
    sentiment: 'positive',
  },
  {
    case: 'not recommend',
    answer: 'I would not recommend Acme.',
    named: ['Acme'],
    sentiment: 'negative',
  },
  {
    case: 'praise and a complaint',
    answer: 'Acme is great but overpriced.',
    named: ['Acme'],
    sentiment: 'mixed',
  },
  {
    case: 'praise in a sentence not naming the brand',
    answer: 'Acme sells jackets. Globex is the best.',
    named: ['Acme', 'Globex'],
    sentiment: 'neutral',
  },
  {
    case: 'praise for a competitor only',
    answer: 'Globex is the best.',
    named: ['Globex'],
    sentiment: null,
  },
];

describe('answers as assistants write them', () => {
  it('has at least 60 of them', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ROWS)('$case', (row) => {
    const { brand, parse } = row.cafe ? cafe : acme;
    const at = row.named.indexOf(brand);
    expect(parse(row.answer)).toMatchObject({
      brandMentioned: at >= 0,
      position: at >= 0 ? at + 1 : null,
      brandsInOrder: row.named,
      competitorsNamed: row.named.filter((name) => name !== brand),
      sentiment: row.sentiment,
      brandCited: row.cited ?? false,
      productsNamed: row.products ?? [],
    });
  });
});

describe('folding', () => {
  it('composes accents, folds case fully and straightens apostrophes', () => {
    expect(foldText('Cafe\u0301 ＮＯＲＤ')).toBe('café nord');
    expect(foldText('Straße STRASSE ẞ')).toBe('strasse strasse ss');
    expect(foldText('İNİTECH ΟΔΟΣ isn’t')).toBe("initech οδοσ isn't");
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

  it('keeps cited URLs as written, once each', () => {
    expect(
      acme.parse('[Acme](https://Acme.com/A) and https://Acme.com/A again, www.globex.example.')
        .citedUrls,
    ).toEqual(['https://Acme.com/A', 'www.globex.example']);
  });

  it('counts the brand as cited when a URL is on its domain or a subdomain, not a look-alike', () => {
    expect(acme.parse('Acme: https://shop.acme.com/p/1').brandCited).toBe(true);
    expect(acme.parse('Details at acme.com.').brandCited).toBe(true);
    expect(acme.parse('https://acme.com.evil.test/ and https://notacme.com').brandCited).toBe(
      false,
    );
    expect(hostOf('WWW.Acme.com/x')).toBe('acme.com');
  });
});

describe('products named', () => {
  it('matches the catalogue’s ids and full names as whole words, once each, in order', () => {
    expect(
      acme.parse(
        'The Alpine Rain Jacket (I-00007) beats the classic linen dress; i-00007 again. M-000120 is not one.',
      ).productsNamed,
    ).toEqual(['I-00007', 'M-00012']);
  });

  it('leaves out names too short to be specific', () => {
    expect(acme.parse('A scarf helps.').productsNamed).toEqual([]);
  });
});
