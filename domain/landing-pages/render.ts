/**
 * The HTML a published landing page becomes (the content asset's body): built from the page's data,
 * every text escaped and every URL checked again, so no user input is ever emitted as markup.
 */
import { type DesignerTheme, fontStack, isOklch } from '~/domain/theme-designer/theme-designer';
import {
  isHttpsUrl,
  isLinkUrl,
  type LandingPageFields,
  type LandingPageProduct,
  type LandingPageSection,
} from './entities';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text made safe for element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ESCAPES[char]!);
}

/** A URL attribute value, or null when the URL is not one we emit. */
function safeUrl(value: string | null | undefined, check: (url: string) => boolean): string | null {
  return value && check(value) ? escapeHtml(value) : null;
}

function themeStyle(theme: DesignerTheme | null | undefined): string {
  if (!theme) return '';
  const color = (token: keyof DesignerTheme['colors']) => {
    const value = theme.colors[token];
    return isOklch(value) ? escapeHtml(value) : 'inherit';
  };
  // Font stacks come from the designer's fixed list, never from the input; escaped all the same.
  const css = [
    `--lp-bg:${color('base-100')}`,
    `--lp-fg:${color('base-content')}`,
    `--lp-primary:${color('primary')}`,
    `--lp-primary-fg:${color('primary-content')}`,
    `--lp-font-display:${fontStack(theme.fonts['font-display'])}`,
    `--lp-font-body:${fontStack(theme.fonts['font-body'])}`,
  ].join(';');
  return ` style="${escapeHtml(css)}"`;
}

function renderSection(
  section: LandingPageSection,
  products: ReadonlyMap<string, LandingPageProduct>,
): string {
  switch (section.type) {
    case 'hero': {
      const image = safeUrl(section.imageUrl, isHttpsUrl);
      const cta = safeUrl(section.ctaUrl, isLinkUrl);
      return [
        '<section class="lp-hero">',
        image ? `<img class="lp-hero-image" src="${image}" alt="">` : '',
        `<h1>${escapeHtml(section.heading)}</h1>`,
        section.subheading ? `<p class="lp-subheading">${escapeHtml(section.subheading)}</p>` : '',
        cta && section.ctaLabel
          ? `<a class="lp-cta" href="${cta}">${escapeHtml(section.ctaLabel)}</a>`
          : '',
        '</section>',
      ].join('');
    }
    case 'productGrid': {
      const tiles = section.productIds.map((id) => {
        const product = products.get(id);
        const name = escapeHtml(product?.name ?? id);
        const url = safeUrl(product?.url, isLinkUrl);
        const price = product?.price
          ? `<span class="lp-price">${escapeHtml(product.price)}</span>`
          : '';
        const label = `<span class="lp-product-name">${name}</span>${price}`;
        return `<li class="lp-product" data-product-id="${escapeHtml(id)}">${
          url ? `<a href="${url}">${label}</a>` : label
        }</li>`;
      });
      return [
        '<section class="lp-products">',
        section.heading ? `<h2>${escapeHtml(section.heading)}</h2>` : '',
        `<ul>${tiles.join('')}</ul>`,
        '</section>',
      ].join('');
    }
    case 'richText':
      return `<section class="lp-text">${section.paragraphs
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join('')}</section>`;
    case 'faq':
      return `<section class="lp-faq"><dl>${section.items
        .map((item) => `<dt>${escapeHtml(item.question)}</dt><dd>${escapeHtml(item.answer)}</dd>`)
        .join('')}</dl></section>`;
  }
}

/** The content asset's HTML for a page; products the copy lacks are shown by id, without a link. */
export function renderLandingPage(
  page: Pick<LandingPageFields, 'title' | 'slug' | 'locale' | 'sections'>,
  products: readonly LandingPageProduct[],
  theme?: DesignerTheme | null,
): string {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lang = page.locale === 'default' ? '' : ` lang="${escapeHtml(page.locale)}"`;
  return [
    `<div class="beacon-landing-page" data-slug="${escapeHtml(page.slug)}"${lang}${themeStyle(theme)}>`,
    ...page.sections.map((section) => renderSection(section, byId)),
    '</div>',
  ].join('');
}
