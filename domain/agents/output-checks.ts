/**
 * What a model's proposed value must pass before it becomes a proposal: not empty, not the value it
 * replaces, within the field's length on the instance, and in the language asked for. Pure, so the
 * review screens can say the same thing the agents' items record.
 */
import type { ProductField } from '~/domain/products/entities';

/**
 * B2C Commerce stores name and the page_* fields as localized String attributes (at most 4,000 bytes
 * of UTF-8); the two descriptions are Html (MarkupText) attributes, with no documented limit: Beacon
 * caps them at 20,000 characters so a runaway answer is refused, not written.
 */
export const FIELD_LIMITS: Record<ProductField, { unit: 'bytes' | 'characters'; max: number }> = {
  name: { unit: 'bytes', max: 4000 },
  page_title: { unit: 'bytes', max: 4000 },
  page_description: { unit: 'bytes', max: 4000 },
  page_keywords: { unit: 'bytes', max: 4000 },
  short_description: { unit: 'characters', max: 20_000 },
  long_description: { unit: 'characters', max: 20_000 },
};

/** What search engines show; told to the SEO agent, not enforced (the instance takes longer). */
export const SEO_GUIDANCE: Partial<Record<ProductField, number>> = {
  page_title: 60,
  page_description: 160,
};

export const VALUE_REFUSALS = ['empty', 'unchanged', 'too-long', 'wrong-language'] as const;
export type ValueRefusal = (typeof VALUE_REFUSALS)[number];

export const VALUE_REFUSAL_LABEL: Record<ValueRefusal, string> = {
  empty: 'The model proposed an empty value',
  unchanged: 'The model proposed the current value again',
  'too-long': 'The proposed value is longer than the instance stores',
  'wrong-language': 'The proposed value is not in the language asked for',
};

const encoder = new TextEncoder();

export function lengthOf(field: ProductField, value: string): number {
  return FIELD_LIMITS[field].unit === 'bytes' ? encoder.encode(value).length : value.length;
}

/** Text without markup or surplus whitespace: what two values are compared by. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Common words, by language: enough to tell apart the languages a catalogue is usually in. */
const STOPWORDS: Record<string, readonly string[]> = {
  en: [
    'the',
    'and',
    'with',
    'for',
    'your',
    'you',
    'this',
    'from',
    'made',
    'our',
    'to',
    'of',
    'in',
    'is',
    'it',
    'a',
    'an',
    'on',
    'at',
    'every',
    'day',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'avec',
    'pour',
    'votre',
    'vous',
    'ce',
    'cette',
    'des',
    'du',
    'de',
    'un',
    'une',
    'en',
    'est',
    'sur',
    'au',
    'aux',
    'chez',
    'sous',
    'jours',
    'tous',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'mit',
    'für',
    'ihre',
    'ihr',
    'sie',
    'dieser',
    'diese',
    'von',
    'den',
    'dem',
    'ein',
    'eine',
    'ist',
    'auf',
    'bei',
    'zu',
    'jeden',
    'tag',
    'aus',
    'im',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'y',
    'con',
    'para',
    'su',
    'usted',
    'este',
    'esta',
    'de',
    'del',
    'un',
    'una',
    'en',
    'es',
    'por',
    'al',
  ],
  it: [
    'il',
    'lo',
    'la',
    'gli',
    'le',
    'e',
    'con',
    'per',
    'tuo',
    'questo',
    'questa',
    'di',
    'del',
    'un',
    'una',
    'in',
    'è',
    'su',
    'al',
  ],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'met',
    'voor',
    'uw',
    'jouw',
    'deze',
    'dit',
    'van',
    'in',
    'is',
    'op',
    'bij',
    'elke',
    'dag',
  ],
};
const SETS = Object.fromEntries(Object.entries(STOPWORDS).map(([l, w]) => [l, new Set(w)]));

/**
 * The language a text is most likely in, by its common words; null when it is too short to tell or
 * no language stands out (a name, a list of keywords).
 */
export function detectLanguage(text: string): string | null {
  const words =
    plainText(text)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  if (words.length < 6) return null;
  const scores = Object.entries(SETS)
    .map(([lang, set]) => [lang, words.filter((w) => set.has(w)).length] as const)
    .sort((a, b) => b[1] - a[1]);
  const [best, second] = scores;
  if (!best || best[1] < 2) return null;
  // Two languages share many short words (de/nl "de", "in"): only a clear lead counts.
  if (second && best[1] < second[1] * 1.5 + 1) return null;
  return best[0];
}

/** `fr-FR` → `fr`; `default` → null (its language is the instance's own). */
export function languageOf(locale: string): string | null {
  if (locale === 'default') return null;
  return locale.split('-')[0]!.toLowerCase();
}

export type ValueCheck = { ok: true } | { ok: false; refusal: ValueRefusal };

/** Checks one proposed value for a field in a locale against the value it replaces. */
export function checkProposedValue(
  field: ProductField,
  proposed: string,
  current: string | null | undefined,
  locale: string,
): ValueCheck {
  const plain = plainText(proposed);
  if (plain.length === 0) return { ok: false, refusal: 'empty' };
  if (current !== null && current !== undefined && plain === plainText(current)) {
    return { ok: false, refusal: 'unchanged' };
  }
  if (lengthOf(field, proposed) > FIELD_LIMITS[field].max)
    return { ok: false, refusal: 'too-long' };
  const want = languageOf(locale);
  const found = detectLanguage(proposed);
  if (want && found && found !== want && STOPWORDS[want]) {
    return { ok: false, refusal: 'wrong-language' };
  }
  return { ok: true };
}
