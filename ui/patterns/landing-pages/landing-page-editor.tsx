/**
 * The landing page editor: title, slug, locale and theme, then the sections in order (hero, product
 * grid, text, FAQ), each added, removed or moved. Errors show under their field or section: the
 * client's (the procedure's own schema) on save, then the server's.
 */
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type DraftSection,
  type DraftSectionType,
  emptySection,
  type LandingPageDraft,
  move,
} from '~/domain/landing-pages/draft';
import { MAX_FAQ_ITEMS, MAX_GRID_PRODUCTS } from '~/domain/landing-pages/entities';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { OptionsSelect } from '~/ui/components/select';
import { Textarea } from '~/ui/components/textarea';

export type PageField = 'title' | 'slug' | 'locale' | 'themeId' | 'sections';

export interface EditorErrors {
  fields: Partial<Record<PageField, string>>;
  /** The first problem of each invalid section, by index. */
  sections: Record<number, string>;
  form: string | null;
}

export const EDITOR_TEXT = {
  label: 'Edit landing page',
  title: 'Title',
  slug: 'Slug',
  slugLocked:
    'The slug of a published page is its content asset id: unpublish the page to change it.',
  locale: 'Locale',
  theme: 'Theme',
  defaultTheme: 'Designer default (Beacon)',
  themeHint: 'Save a theme from the theme designer to use it here.',
  themeDesigner: 'Open the theme designer',
  sections: 'Sections',
  noSections: 'No sections yet: add one below.',
  add: { hero: 'Add hero', productGrid: 'Add product grid', richText: 'Add text', faq: 'Add FAQ' },
  name: { hero: 'Hero', productGrid: 'Product grid', richText: 'Text', faq: 'FAQ' },
  heading: 'Heading',
  subheading: 'Subheading',
  imageUrl: 'Image URL',
  ctaLabel: 'Button label',
  ctaUrl: 'Button link',
  gridHeading: 'Heading (optional)',
  products: 'Products',
  noProducts: 'No products yet: search the catalogue copy below.',
  text: 'Text',
  textHint: 'Plain text; a blank line starts a new paragraph.',
  question: 'Question',
  answer: 'Answer',
  addQuestion: 'Add question',
  save: 'Save changes',
  cancel: 'Cancel',
  saveFailed: 'Could not save the page',
} as const;

const SECTION_TYPES: DraftSectionType[] = ['hero', 'productGrid', 'richText', 'faq'];

/** Radix Select has no empty value: this stands for the draft's '' (the designer default theme). */
const DEFAULT_THEME = 'designer-default';

export interface LandingPageEditorProps {
  initial: LandingPageDraft;
  locales: readonly string[];
  themes: readonly { id: string; name: string }[];
  /** A published page keeps its slug (it names the content asset). */
  slugLocked: boolean;
  /** Client-side rules; an empty result lets the save through. */
  validate(draft: LandingPageDraft): EditorErrors;
  onSave(draft: LandingPageDraft): void;
  onCancel(): void;
  pending?: boolean;
  serverErrors?: EditorErrors | null;
  /** A catalogue search that calls `onPick` with a product id (the app's, through tRPC). */
  renderProductSearch(onPick: (productId: string) => void, picked: readonly string[]): ReactNode;
  productName(id: string): string | null;
  /** A link to the theme designer, where themes are made (the app's router link, with this label). */
  renderThemeDesignerLink?: (label: string) => ReactNode;
}

const hasErrors = (errors: EditorErrors) =>
  Object.keys(errors.fields).length > 0 || Object.keys(errors.sections).length > 0;

export function LandingPageEditor({
  initial,
  locales,
  themes,
  slugLocked,
  validate,
  onSave,
  onCancel,
  pending = false,
  serverErrors = null,
  renderProductSearch,
  productName,
  renderThemeDesignerLink,
}: LandingPageEditorProps) {
  const [draft, setDraft] = useState(initial);
  const [clientErrors, setClientErrors] = useState<EditorErrors | null>(null);
  const errors = clientErrors ?? serverErrors;
  const set = <K extends keyof LandingPageDraft>(key: K, value: LandingPageDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setSection = (index: number, section: DraftSection) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((s, i) => (i === index ? section : s)) }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = validate(draft);
    if (hasErrors(found)) return setClientErrors(found);
    setClientErrors(null);
    onSave(draft);
  };

  return (
    <form
      aria-label={EDITOR_TEXT.label}
      noValidate
      onSubmit={submit}
      data-slot="landing-page-editor"
      className="flex flex-col gap-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <FieldLabel>{EDITOR_TEXT.title}</FieldLabel>
          <Input name="title" value={draft.title} onChange={(e) => set('title', e.target.value)} />
          <FieldError>{errors?.fields.title}</FieldError>
        </Field>
        <Field>
          <FieldLabel>{EDITOR_TEXT.slug}</FieldLabel>
          <Input
            name="slug"
            className="font-mono"
            value={draft.slug}
            readOnly={slugLocked}
            onChange={(e) => set('slug', e.target.value)}
          />
          {slugLocked ? <FieldDescription>{EDITOR_TEXT.slugLocked}</FieldDescription> : null}
          <FieldError>{errors?.fields.slug}</FieldError>
        </Field>
        <Field>
          <FieldLabel>{EDITOR_TEXT.locale}</FieldLabel>
          <OptionsSelect
            value={draft.locale}
            onValueChange={(next) => set('locale', next)}
            options={(locales.includes(draft.locale) ? locales : [draft.locale, ...locales]).map(
              (locale) => ({ value: locale, label: locale }),
            )}
          />
          <FieldError>{errors?.fields.locale}</FieldError>
        </Field>
        <Field>
          <FieldLabel>{EDITOR_TEXT.theme}</FieldLabel>
          <OptionsSelect
            value={draft.themeId === '' ? DEFAULT_THEME : draft.themeId}
            onValueChange={(next) => set('themeId', next === DEFAULT_THEME ? '' : next)}
            options={[
              { value: DEFAULT_THEME, label: EDITOR_TEXT.defaultTheme },
              ...themes.map((theme) => ({ value: theme.id, label: theme.name })),
            ]}
          />
          {themes.length === 0 ? (
            <FieldDescription>{EDITOR_TEXT.themeHint}</FieldDescription>
          ) : null}
          {renderThemeDesignerLink ? (
            <p className="text-sm">{renderThemeDesignerLink(EDITOR_TEXT.themeDesigner)}</p>
          ) : null}
          <FieldError>{errors?.fields.themeId}</FieldError>
        </Field>
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-display text-lg font-semibold">{EDITOR_TEXT.sections}</legend>
        {draft.sections.length === 0 ? (
          <p className="text-sm text-base-content/80">{EDITOR_TEXT.noSections}</p>
        ) : null}
        {draft.sections.map((section, index) => (
          <SectionCard
            key={index}
            index={index}
            count={draft.sections.length}
            section={section}
            error={errors?.sections[index] ?? null}
            onChange={(next) => setSection(index, next)}
            onMove={(by) => set('sections', move(draft.sections, index, by))}
            onRemove={() =>
              set(
                'sections',
                draft.sections.filter((_, i) => i !== index),
              )
            }
            renderProductSearch={renderProductSearch}
            productName={productName}
          />
        ))}
        {errors?.fields.sections && Object.keys(errors.sections).length === 0 ? (
          <p role="alert" className="text-sm text-error">
            {errors.fields.sections}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {SECTION_TYPES.map((type) => (
            <Button
              key={type}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => set('sections', [...draft.sections, emptySection(type)])}
            >
              <PlusIcon aria-hidden />
              {EDITOR_TEXT.add[type]}
            </Button>
          ))}
        </div>
      </fieldset>

      {errors?.form ? (
        <Callout variant="error" title={EDITOR_TEXT.saveFailed} description={errors.form} />
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" loading={pending}>
          {EDITOR_TEXT.save}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
          {EDITOR_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function SectionCard({
  index,
  count,
  section,
  error,
  onChange,
  onMove,
  onRemove,
  renderProductSearch,
  productName,
}: {
  index: number;
  count: number;
  section: DraftSection;
  error: string | null;
  onChange(section: DraftSection): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  renderProductSearch: LandingPageEditorProps['renderProductSearch'];
  productName: LandingPageEditorProps['productName'];
}) {
  const name = `${EDITOR_TEXT.name[section.type]} (section ${index + 1})`;
  return (
    <section
      aria-label={name}
      data-section={section.type}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{name}</h2>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUpIcon aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDownIcon aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>
      <SectionFields
        section={section}
        onChange={onChange}
        renderProductSearch={renderProductSearch}
        productName={productName}
      />
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function TextField({
  label,
  value,
  onChange,
  multiline = false,
  hint,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  multiline?: boolean;
  hint?: string;
}) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      {multiline ? (
        <Textarea value={value} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input value={value} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? <FieldDescription>{hint}</FieldDescription> : null}
    </Field>
  );
}

function SectionFields({
  section,
  onChange,
  renderProductSearch,
  productName,
}: {
  section: DraftSection;
  onChange(section: DraftSection): void;
  renderProductSearch: LandingPageEditorProps['renderProductSearch'];
  productName: LandingPageEditorProps['productName'];
}) {
  switch (section.type) {
    case 'hero': {
      const text = (key: 'heading' | 'subheading' | 'imageUrl' | 'ctaLabel' | 'ctaUrl') => ({
        value: section[key],
        onChange: (value: string) => onChange({ ...section, [key]: value }),
      });
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={EDITOR_TEXT.heading} {...text('heading')} />
          <TextField label={EDITOR_TEXT.subheading} {...text('subheading')} />
          <TextField label={EDITOR_TEXT.imageUrl} {...text('imageUrl')} />
          <TextField label={EDITOR_TEXT.ctaLabel} {...text('ctaLabel')} />
          <TextField label={EDITOR_TEXT.ctaUrl} {...text('ctaUrl')} />
        </div>
      );
    }
    case 'productGrid':
      return (
        <div className="flex flex-col gap-4">
          <TextField
            label={EDITOR_TEXT.gridHeading}
            value={section.heading}
            onChange={(heading) => onChange({ ...section, heading })}
          />
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium">{EDITOR_TEXT.products}</span>
            {section.productIds.length === 0 ? (
              <p className="text-sm text-base-content/80">{EDITOR_TEXT.noProducts}</p>
            ) : (
              <ul aria-label={EDITOR_TEXT.products} className="flex flex-wrap gap-2">
                {section.productIds.map((id) => (
                  <li
                    key={id}
                    className="inline-flex items-center gap-1 rounded-field border border-base-300 py-1 pr-1 pl-2 text-sm"
                  >
                    <span>{productName(id) ?? id}</span>
                    <span className="font-mono text-xs text-base-content/70">{id}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="size-6 p-0"
                      aria-label={`Remove ${id}`}
                      onClick={() =>
                        onChange({
                          ...section,
                          productIds: section.productIds.filter((p) => p !== id),
                        })
                      }
                    >
                      <XIcon aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {section.productIds.length < MAX_GRID_PRODUCTS
              ? renderProductSearch(
                  (id) =>
                    section.productIds.includes(id)
                      ? undefined
                      : onChange({ ...section, productIds: [...section.productIds, id] }),
                  section.productIds,
                )
              : null}
          </div>
        </div>
      );
    case 'richText':
      return (
        <TextField
          label={EDITOR_TEXT.text}
          hint={EDITOR_TEXT.textHint}
          multiline
          value={section.text}
          onChange={(text) => onChange({ ...section, text })}
        />
      );
    case 'faq':
      return (
        <div className="flex flex-col gap-4">
          {section.items.map((item, i) => {
            const setItem = (patch: Partial<typeof item>) =>
              onChange({
                ...section,
                items: section.items.map((it, j) => (j === i ? { ...it, ...patch } : it)),
              });
            return (
              <div
                key={i}
                role="group"
                aria-label={`Question ${i + 1}`}
                className="grid gap-3 sm:grid-cols-[1fr_2fr_auto]"
              >
                <TextField
                  label={EDITOR_TEXT.question}
                  value={item.question}
                  onChange={(question) => setItem({ question })}
                />
                <TextField
                  label={EDITOR_TEXT.answer}
                  value={item.answer}
                  onChange={(answer) => setItem({ answer })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="self-end"
                  aria-label={`Remove question ${i + 1}`}
                  disabled={section.items.length === 1}
                  onClick={() =>
                    onChange({ ...section, items: section.items.filter((_, j) => j !== i) })
                  }
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
            );
          })}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={section.items.length >= MAX_FAQ_ITEMS}
            onClick={() =>
              onChange({ ...section, items: [...section.items, { question: '', answer: '' }] })
            }
          >
            <PlusIcon aria-hidden />
            {EDITOR_TEXT.addQuestion}
          </Button>
        </div>
      );
  }
}
