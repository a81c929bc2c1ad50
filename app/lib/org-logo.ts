/**
 * The org's logo from a favicon service, derived from its name. The service is configured
 * per deployment (VITE_FAVICON_SERVICE_URL, `{domain}` replaced); without it, and whenever the image
 * cannot load, the Avatar shows the org's initials, so development and tests make no outside requests.
 * Inside an org the browser tab shows the same logo; leaving the org restores the app's own icon.
 */
import { useEffect } from 'react';

export const orgLogoConfig: { template: string | undefined } = {
  template: import.meta.env.VITE_FAVICON_SERVICE_URL as string | undefined,
};

/** The domain guessed from an org's name: lowercase letters and digits, '.com' ("Acme Outfitters" → acmeoutfitters.com). */
export function orgDomain(orgName: string): string {
  return `${orgName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`;
}

export function orgLogoUrl(orgName: string, template = orgLogoConfig.template): string | null {
  if (!template) return null;
  return template.replace('{domain}', encodeURIComponent(orgDomain(orgName)));
}

/**
 * Points the document's <link rel="icon"> at `href` (adding one if there is none) and returns a
 * function that puts back exactly what was there before.
 */
export function setFavicon(doc: Document, href: string): () => void {
  const existing = doc.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!existing) {
    const link = doc.createElement('link');
    link.rel = 'icon';
    link.href = href;
    doc.head.append(link);
    return () => link.remove();
  }
  const before = { href: existing.getAttribute('href'), type: existing.getAttribute('type') };
  existing.setAttribute('href', href);
  // The default icon is SVG; the logo service's type is its own.
  existing.removeAttribute('type');
  return () => {
    if (before.href === null) existing.removeAttribute('href');
    else existing.setAttribute('href', before.href);
    if (before.type !== null) existing.setAttribute('type', before.type);
  };
}

/** The org's logo as the tab's icon while mounted (the org/env layout); nothing without a logo service. */
export function useOrgFavicon(orgName: string): void {
  useEffect(() => {
    const href = orgLogoUrl(orgName);
    return href ? setFavicon(document, href) : undefined;
  }, [orgName]);
}
