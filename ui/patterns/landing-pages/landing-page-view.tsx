/**
 * A landing page drawn with its saved theme, as the designer previews one: the theme's colours and
 * fonts are CSS variables (--lp-) on the view's own root, so nothing reaches the app around it.
 *
 * Every piece of content is React text, never markup. We chose this over showing `render.ts`'s HTML in
 * a sandboxed iframe: there is no HTML string to trust at all (React escapes every text node), the
 * view shares the designer's fonts and variables without a second stylesheet, and the story tests can
 * read it like the rest of the screen. Links here never navigate: they only show where they point.
 */
import '~/ui/styles/theme-fonts.css';
import { useId, type CSSProperties, type MouseEvent } from 'react';
import type { LandingPageSection } from '~/domain/landing-pages/entities';
import {
  COLOR_TOKENS,
  type DesignerTheme,
  fontStack,
} from '~/domain/theme-designer/theme-designer';
import { cn } from '~/ui/lib/cn';

export const LANDING_VIEW_TEXT = {
  label: 'Page preview',
  storefront: 'Storefront',
  noSections: 'This page has no sections yet. Edit it to add a hero, products, text or FAQs.',
  footer: 'All rights reserved.',
} as const;

const stay = (event: MouseEvent) => event.preventDefault();

function themeVariables(theme: DesignerTheme): CSSProperties {
  const vars: Record<string, string> = {};
  for (const token of COLOR_TOKENS) vars[`--lp-${token}`] = theme.colors[token];
  vars['--lp-font-display'] = fontStack(theme.fonts['font-display']);
  vars['--lp-font-body'] = fontStack(theme.fonts['font-body']);
  return vars as CSSProperties;
}

export interface LandingPageViewProps {
  title: string;
  locale: string;
  sections: readonly LandingPageSection[];
  theme: DesignerTheme;
  /** A product's name in the page's locale, when the catalogue copy has it. */
  productName: (id: string) => string | null;
  className?: string;
}

export function LandingPageView({
  title,
  locale,
  sections,
  theme,
  productName,
  className,
}: LandingPageViewProps) {
  const id = useId();
  return (
    <div
      data-slot="landing-page-view"
      role="region"
      aria-label={LANDING_VIEW_TEXT.label}
      lang={locale === 'default' ? undefined : locale}
      className={cn(
        'isolate overflow-auto rounded-box border border-base-300 bg-(--lp-base-100) font-(family-name:--lp-font-body) text-(--lp-base-content) [contain:layout_paint]',
        className,
      )}
      style={themeVariables(theme)}
    >
      <header
        data-slot="view-header"
        className="flex h-16 items-center justify-between gap-6 bg-(--lp-base-200) px-6"
      >
        <span className="font-(family-name:--lp-font-display) text-xl font-bold">
          {LANDING_VIEW_TEXT.storefront}
        </span>
        <span className="truncate text-sm">{title}</span>
      </header>
      {sections.length === 0 ? (
        <p className="px-6 py-12 text-center">{LANDING_VIEW_TEXT.noSections}</p>
      ) : (
        sections.map((section, index) => (
          <Section key={index} id={`${id}-${index}`} section={section} productName={productName} />
        ))
      )}
      <footer
        data-slot="view-footer"
        className="bg-(--lp-neutral) px-6 py-8 text-sm text-(--lp-neutral-content)"
      >
        © {LANDING_VIEW_TEXT.storefront}. {LANDING_VIEW_TEXT.footer}
      </footer>
    </div>
  );
}

function Section({
  id,
  section,
  productName,
}: {
  id: string;
  section: LandingPageSection;
  productName: (id: string) => string | null;
}) {
  switch (section.type) {
    case 'hero':
      return (
        <section
          data-section="hero"
          aria-labelledby={id}
          className="flex flex-col items-start gap-4 bg-(--lp-base-200) px-6 py-12"
        >
          {section.imageUrl ? (
            <img
              src={section.imageUrl}
              alt=""
              className="max-h-64 w-full rounded-box object-cover"
            />
          ) : null}
          <h2 id={id} className="font-(family-name:--lp-font-display) text-4xl font-bold">
            {section.heading}
          </h2>
          {section.subheading ? <p className="max-w-prose text-lg">{section.subheading}</p> : null}
          {section.ctaLabel && section.ctaUrl ? (
            <a
              href={section.ctaUrl}
              onClick={stay}
              className="rounded-field bg-(--lp-primary) px-5 py-2.5 font-semibold text-(--lp-primary-content)"
            >
              {section.ctaLabel}
            </a>
          ) : null}
        </section>
      );
    case 'productGrid':
      return (
        <section
          data-section="productGrid"
          aria-labelledby={section.heading ? id : undefined}
          className="flex flex-col gap-4 px-6 py-10"
        >
          {section.heading ? (
            <h2 id={id} className="font-(family-name:--lp-font-display) text-2xl font-bold">
              {section.heading}
            </h2>
          ) : null}
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {section.productIds.map((productId) => (
              <li
                key={productId}
                data-product={productId}
                className="flex flex-col gap-2 rounded-box border border-(--lp-base-300) p-3"
              >
                <div aria-hidden className="aspect-square rounded-field bg-(--lp-base-300)" />
                <span className="font-semibold">{productName(productId) ?? productId}</span>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'richText':
      return (
        <section data-section="richText" className="flex flex-col gap-4 px-6 py-8">
          {section.paragraphs.map((paragraph, index) => (
            <p key={index} className="max-w-prose whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </section>
      );
    case 'faq':
      return (
        <section data-section="faq" className="flex flex-col gap-4 px-6 py-8">
          <dl className="flex flex-col gap-4">
            {section.items.map((item, index) => (
              <div key={index} className="flex flex-col gap-1">
                <dt className="font-(family-name:--lp-font-display) font-semibold">
                  {item.question}
                </dt>
                <dd>{item.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      );
  }
}
