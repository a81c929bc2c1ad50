import { describe, expect, it } from 'vitest';
import { landingPageFields, type LandingPageFields } from './entities';
import { emptySection, move, sectionErrorsOf, toDraft, toFields } from './draft';

const page: LandingPageFields = {
  title: 'Summer sale',
  slug: 'summer-sale',
  locale: 'en-US',
  themeId: null,
  sections: [
    { type: 'hero', heading: 'Made for summer', ctaLabel: 'Shop', ctaUrl: '/s/RefArch/sale' },
    { type: 'productGrid', productIds: ['alpine-rain-jacket'] },
    { type: 'richText', paragraphs: ['One.', 'Two <b>bold</b>.'] },
    { type: 'faq', items: [{ question: 'Returns?', answer: '30 days.' }] },
  ],
};

describe('landing page drafts', () => {
  it('round-trips a page: what the editor holds is what the procedures get back', () => {
    expect(toFields(toDraft(page))).toEqual(page);
  });

  it('leaves out empty optional texts, trims, and splits rich text on blank lines', () => {
    const draft = toDraft({ ...page, sections: [] });
    draft.themeId = 'th_1';
    draft.sections = [
      {
        ...(emptySection('hero') as Extract<ReturnType<typeof emptySection>, { type: 'hero' }>),
        heading: '  Hi  ',
        subheading: '   ',
      },
      { type: 'richText', text: 'First\nline\n\n \n  Second  ' },
    ];
    expect(toFields(draft)).toEqual({
      ...page,
      themeId: 'th_1',
      sections: [
        {
          type: 'hero',
          heading: 'Hi',
          subheading: undefined,
          imageUrl: undefined,
          ctaLabel: undefined,
          ctaUrl: undefined,
        },
        { type: 'richText', paragraphs: ['First\nline', 'Second'] },
      ],
    });
  });

  it('moves a section up or down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it("names each invalid section's first problem by its index", () => {
    const fields = toFields({
      ...toDraft(page),
      sections: [emptySection('hero'), { type: 'faq', items: [{ question: 'Q', answer: '' }] }],
    });
    const issues = landingPageFields.safeParse(fields).error!.issues;
    expect(Object.keys(sectionErrorsOf(issues))).toEqual(['0', '1']);
    expect(sectionErrorsOf(issues)[0]).toMatch(/^heading: /);
    expect(sectionErrorsOf(issues)[1]).toMatch(/^items answer: /);
  });
});
