/**
 * A landing page as its editor holds it: every text a string (empty when left out), a rich text
 * section as one text with blank lines between paragraphs. `toFields` gives what the procedures take.
 */
import type { LandingPageFields, LandingPageSection } from './entities';

export type DraftSection =
  | {
      type: 'hero';
      heading: string;
      subheading: string;
      imageUrl: string;
      ctaLabel: string;
      ctaUrl: string;
    }
  | { type: 'productGrid'; heading: string; productIds: string[] }
  | { type: 'richText'; text: string }
  | { type: 'faq'; items: { question: string; answer: string }[] };

export type DraftSectionType = DraftSection['type'];

export interface LandingPageDraft {
  title: string;
  slug: string;
  locale: string;
  /** '' for no saved theme (the designer's default). */
  themeId: string;
  sections: DraftSection[];
}

export function emptySection(type: DraftSectionType): DraftSection {
  switch (type) {
    case 'hero':
      return { type, heading: '', subheading: '', imageUrl: '', ctaLabel: '', ctaUrl: '' };
    case 'productGrid':
      return { type, heading: '', productIds: [] };
    case 'richText':
      return { type, text: '' };
    case 'faq':
      return { type, items: [{ question: '', answer: '' }] };
  }
}

export function toDraft(fields: LandingPageFields): LandingPageDraft {
  return {
    title: fields.title,
    slug: fields.slug,
    locale: fields.locale,
    themeId: fields.themeId ?? '',
    sections: fields.sections.map(sectionToDraft),
  };
}

function sectionToDraft(section: LandingPageSection): DraftSection {
  switch (section.type) {
    case 'hero':
      return {
        type: 'hero',
        heading: section.heading,
        subheading: section.subheading ?? '',
        imageUrl: section.imageUrl ?? '',
        ctaLabel: section.ctaLabel ?? '',
        ctaUrl: section.ctaUrl ?? '',
      };
    case 'productGrid':
      return {
        type: 'productGrid',
        heading: section.heading ?? '',
        productIds: [...section.productIds],
      };
    case 'richText':
      return { type: 'richText', text: section.paragraphs.join('\n\n') };
    case 'faq':
      return { type: 'faq', items: section.items.map((item) => ({ ...item })) };
  }
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The draft as the procedures take it: texts trimmed, empty optional fields left out. */
export function toFields(draft: LandingPageDraft): LandingPageFields {
  return {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    locale: draft.locale,
    themeId: draft.themeId === '' ? null : draft.themeId,
    sections: draft.sections.map(draftToSection),
  };
}

function draftToSection(section: DraftSection): LandingPageSection {
  switch (section.type) {
    case 'hero':
      return {
        type: 'hero',
        heading: section.heading.trim(),
        subheading: optional(section.subheading),
        imageUrl: optional(section.imageUrl),
        ctaLabel: optional(section.ctaLabel),
        ctaUrl: optional(section.ctaUrl),
      };
    case 'productGrid':
      return {
        type: 'productGrid',
        heading: optional(section.heading),
        productIds: section.productIds,
      };
    case 'richText':
      return {
        type: 'richText',
        paragraphs: section.text
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter((paragraph) => paragraph !== ''),
      };
    case 'faq':
      return {
        type: 'faq',
        items: section.items.map((item) => ({
          question: item.question.trim(),
          answer: item.answer.trim(),
        })),
      };
  }
}

/** Moves the item at `from` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function move<T>(items: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per section (by index) among a schema's issues under `sections`. */
export function sectionErrorsOf(issues: readonly Issue[]): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const issue of issues) {
    const [field, index, ...rest] = issue.path;
    if (field !== 'sections' || typeof index !== 'number' || errors[index]) continue;
    const where = rest.filter((part) => typeof part === 'string').join(' ');
    errors[index] = where ? `${where}: ${issue.message}` : issue.message;
  }
  return errors;
}
