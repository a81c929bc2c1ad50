import { describe, expect, it } from 'vitest';
import { checkProposedValue, detectLanguage } from './output-checks';

describe('checking a proposed value', () => {
  it('refuses an empty value, markup without text included', () => {
    expect(checkProposedValue('long_description', '<p> </p>', null, 'de-DE')).toEqual({
      ok: false,
      refusal: 'empty',
    });
  });

  it('refuses the current value again, whatever the markup and spacing', () => {
    expect(
      checkProposedValue(
        'short_description',
        '<p>Leichtes  Leinenkleid</p>',
        'Leichtes Leinenkleid',
        'de-DE',
      ),
    ).toEqual({ ok: false, refusal: 'unchanged' });
  });

  it('refuses a string field over 4,000 bytes of UTF-8, counting bytes not characters', () => {
    expect(checkProposedValue('page_title', 'é'.repeat(2001), null, 'fr-FR')).toEqual({
      ok: false,
      refusal: 'too-long',
    });
    expect(checkProposedValue('page_title', 'é'.repeat(2000), null, 'fr-FR')).toEqual({ ok: true });
  });

  it('refuses text in another language than the locale asked for', () => {
    const english =
      'Discover the linen dress: light and soft, made for every day, with free returns for you.';
    expect(checkProposedValue('long_description', english, null, 'de-DE')).toEqual({
      ok: false,
      refusal: 'wrong-language',
    });
    const german =
      'Entdecken Sie das Leinenkleid: leicht und weich, für jeden Tag, mit kostenloser Rücksendung bei uns.';
    expect(checkProposedValue('long_description', german, null, 'de-DE')).toEqual({ ok: true });
  });

  it('does not judge the language of short values or of the default locale', () => {
    expect(detectLanguage('Linen Dress in Olive')).toBeNull();
    const english =
      'Discover the linen dress: light and soft, made for every day, with free returns for you.';
    expect(checkProposedValue('long_description', english, null, 'default')).toEqual({ ok: true });
  });
});
