/**
 * The org's logo from a favicon service, derived from its name (spec §7). The service is configured
 * per deployment (VITE_FAVICON_SERVICE_URL, `{domain}` replaced); without it, and whenever the image
 * cannot load, the Avatar shows the org's initials, so development and tests make no outside requests.
 */
export function orgLogoUrl(orgName: string): string | null {
  const template = import.meta.env.VITE_FAVICON_SERVICE_URL as string | undefined;
  if (!template) return null;
  const domain = `${orgName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`;
  return template.replace('{domain}', encodeURIComponent(domain));
}
