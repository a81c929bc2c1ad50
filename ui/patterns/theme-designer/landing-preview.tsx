/**
 * A live landing page drawn with the designer's theme. Its colours and fonts are CSS variables set
 * on the preview's own root element (prefixed --lp-), so nothing it sets reaches the app around it.
 */
import '~/ui/styles/theme-fonts.css';
import { useId, type CSSProperties, type MouseEvent } from 'react';
import {
  COLOR_TOKENS,
  fontStack,
  type DesignerState,
  type LOGO_SIZES,
} from '~/domain/theme-designer/theme-designer';
import { cn } from '~/ui/lib/cn';

export type LandingPreviewProps = {
  state: DesignerState;
  className?: string;
};

const LOGO_SIZE: Record<(typeof LOGO_SIZES)[number], { image: string; text: string }> = {
  small: { image: 'h-6', text: 'text-lg' },
  medium: { image: 'h-8', text: 'text-2xl' },
  large: { image: 'h-12', text: 'text-3xl' },
};

/** Stock levels show the status tokens, each on its own -content colour. */
const STOCK = {
  in: { label: 'In stock', className: 'bg-(--lp-success) text-(--lp-success-content)' },
  low: { label: 'Low stock', className: 'bg-(--lp-warning) text-(--lp-warning-content)' },
  out: { label: 'Sold out', className: 'bg-(--lp-error) text-(--lp-error-content)' },
} as const;

const PRODUCTS: { name: string; price: string; isNew?: boolean; stock: keyof typeof STOCK }[] = [
  { name: 'Linen shirt', price: '€59', isNew: true, stock: 'in' },
  { name: 'Canvas tote', price: '€29', stock: 'low' },
  { name: 'Leather belt', price: '€45', stock: 'in' },
  { name: 'Wool beanie', price: '€25', isNew: true, stock: 'out' },
];

const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';

const SOCIAL = [
  { text: 'Instagram', href: 'https://instagram.com' },
  { text: 'Facebook', href: 'https://facebook.com' },
  { text: 'YouTube', href: 'https://youtube.com' },
];

// Preview links must not navigate the app.
const stay = (event: MouseEvent) => event.preventDefault();

function previewVariables(state: DesignerState): CSSProperties {
  const vars: Record<string, string> = {};
  for (const token of COLOR_TOKENS) vars[`--lp-${token}`] = state.theme.colors[token];
  vars['--lp-font-display'] = fontStack(state.theme.fonts['font-display']);
  vars['--lp-font-body'] = fontStack(state.theme.fonts['font-body']);
  vars['--lp-header-bg'] = state.header.backgroundColor;
  vars['--lp-header-text'] = state.header.textColor;
  vars['--lp-header-height'] = state.header.height;
  vars['--lp-footer-bg'] = state.footer.backgroundColor;
  vars['--lp-footer-text'] = state.footer.textColor;
  vars['--lp-input-bg'] = state.footer.inputBackgroundColor;
  vars['--lp-input-text'] = state.footer.inputTextColor;
  vars['--lp-input-placeholder'] = state.footer.inputPlaceholderColor;
  return vars as CSSProperties;
}

export function LandingPreview({ state, className }: LandingPreviewProps) {
  const { header, footer } = state;
  const id = useId();
  const size = LOGO_SIZE[header.logoSize];
  const logo = header.logoUrl ? (
    <img src={header.logoUrl} alt="Storefront" className={cn('w-auto', size.image)} />
  ) : (
    <span className={cn('font-(family-name:--lp-font-display) font-bold', size.text)}>
      Storefront
    </span>
  );
  const nav = header.showNavigation ? (
    <nav aria-label="Preview navigation">
      <ul className="flex flex-wrap gap-4 text-sm font-medium">
        {header.navigationItems.map((item, index) => (
          <li key={index}>
            <a href={item.href} onClick={stay} className="underline-offset-4 hover:underline">
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  ) : null;

  return (
    <div
      data-slot="landing-preview"
      data-preset={state.preset}
      className={cn(
        'isolate overflow-auto rounded-box border border-base-300 bg-(--lp-base-100) font-(family-name:--lp-font-body) text-(--lp-base-content) [contain:layout_paint]',
        className,
      )}
      style={previewVariables(state)}
    >
      <p
        data-slot="preview-notice"
        className="bg-(--lp-info) px-6 py-2 text-center text-sm font-medium text-(--lp-info-content)"
      >
        Free delivery on orders over €50 · Returns within 30 days
      </p>
      <header
        data-slot="preview-header"
        data-logo-position={header.logoPosition}
        data-logo-size={header.logoSize}
        data-sticky={header.sticky || undefined}
        className={cn(
          'z-10 flex h-(--lp-header-height) items-center gap-6 bg-(--lp-header-bg) px-6 text-(--lp-header-text)',
          header.sticky && 'sticky top-0',
          header.logoPosition === 'right' && 'flex-row-reverse',
          header.logoPosition === 'center' && 'justify-center',
        )}
      >
        {header.logoPosition === 'center' ? (
          <>
            <div className="flex flex-1 justify-start">{nav}</div>
            {logo}
            <div className="flex-1" />
          </>
        ) : (
          <>
            {logo}
            <div
              className={cn(
                'flex flex-1',
                header.logoPosition === 'left' ? 'justify-end' : 'justify-start',
              )}
            >
              {nav}
            </div>
          </>
        )}
      </header>

      <section
        aria-labelledby={`${id}-hero`}
        className="flex flex-col items-start gap-4 bg-(--lp-base-200) px-6 py-12"
      >
        <h2 id={`${id}-hero`} className="font-(family-name:--lp-font-display) text-4xl font-bold">
          Made for long summers
        </h2>
        <p className="max-w-prose text-lg">
          Light fabrics, honest prices and free returns on every order.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="rounded-field bg-(--lp-primary) px-5 py-2.5 font-semibold text-(--lp-primary-content)"
          >
            Shop the collection
          </button>
          <button
            type="button"
            className="rounded-field bg-(--lp-neutral) px-5 py-2.5 font-semibold text-(--lp-neutral-content)"
          >
            Our story
          </button>
        </div>
      </section>

      <section aria-labelledby={`${id}-products`} className="flex flex-col gap-4 px-6 py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h3
            id={`${id}-products`}
            className="font-(family-name:--lp-font-display) text-2xl font-bold"
          >
            Bestsellers
          </h3>
          <form role="search" onSubmit={(event) => event.preventDefault()}>
            <input
              type="search"
              aria-label="Search products"
              placeholder="Search shirts, totes…"
              className="h-10 w-56 max-w-full rounded-field border border-(--lp-base-content) bg-(--lp-base-100) px-3 text-sm text-(--lp-base-content) placeholder:text-(--lp-placeholder)"
            />
          </form>
        </div>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {PRODUCTS.map((product) => {
            const stock = STOCK[product.stock];
            return (
              <li
                key={product.name}
                data-slot="preview-product"
                className="flex flex-col gap-2 rounded-box border border-(--lp-base-300) bg-(--lp-base-100) p-3"
              >
                <div aria-hidden className="aspect-square rounded-field bg-(--lp-base-300)" />
                <span className="font-semibold">{product.name}</span>
                <div className="flex flex-wrap gap-1.5">
                  {product.isNew ? (
                    <span className={cn(badge, 'bg-(--lp-accent) text-(--lp-accent-content)')}>
                      New
                    </span>
                  ) : null}
                  <span data-slot="preview-stock" className={cn(badge, stock.className)}>
                    {stock.label}
                  </span>
                </div>
                <span>{product.price}</span>
                <button
                  type="button"
                  disabled={product.stock === 'out'}
                  className="rounded-field bg-(--lp-secondary) px-3 py-1.5 text-sm font-semibold text-(--lp-secondary-content) disabled:cursor-not-allowed disabled:opacity-60"
                >
                  Add {product.name} to cart
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <footer
        data-slot="preview-footer"
        className="flex flex-col gap-8 bg-(--lp-footer-bg) px-6 py-10 text-(--lp-footer-text)"
      >
        {footer.showNewsletter ? (
          <form
            data-slot="preview-newsletter"
            aria-labelledby={`${id}-newsletter`}
            onSubmit={(event) => event.preventDefault()}
            className="flex flex-col gap-3"
          >
            <h3
              id={`${id}-newsletter`}
              className="font-(family-name:--lp-font-display) text-xl font-bold"
            >
              Join the newsletter
            </h3>
            <label htmlFor={`${id}-email`} className="text-sm">
              Email address
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id={`${id}-email`}
                type="email"
                placeholder="you@example.com"
                className="h-10 min-w-0 flex-1 rounded-field border border-(--lp-footer-text) bg-(--lp-input-bg) px-3 text-(--lp-input-text) placeholder:text-(--lp-input-placeholder)"
              />
              <button
                type="submit"
                className="rounded-field bg-(--lp-primary) px-4 font-semibold text-(--lp-primary-content)"
              >
                Subscribe
              </button>
            </div>
          </form>
        ) : null}
        {footer.columns.length > 0 ? (
          <div className="grid grid-cols-2 gap-6 sm:grid-cols-3">
            {footer.columns.map((column, index) => (
              <div key={index} data-slot="preview-footer-column" className="flex flex-col gap-2">
                <h3 className="font-semibold">{column.title}</h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {column.links.map((link, linkIndex) => (
                    <li key={linkIndex}>
                      <a href={link.href} onClick={stay} className="underline underline-offset-4">
                        {link.text}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {footer.showSocialLinks ? (
          <ul aria-label="Social links" data-slot="preview-social" className="flex gap-4 text-sm">
            {SOCIAL.map((link) => (
              <li key={link.text}>
                <a href={link.href} onClick={stay} className="underline underline-offset-4">
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {footer.showCopyright ? (
          <p data-slot="preview-copyright" className="text-sm">
            © 2026 Storefront. All rights reserved.
          </p>
        ) : null}
      </footer>
    </div>
  );
}
