/**
 * Which hrefs the analyst's answers may link to. Model output is untrusted: only the app's own screens
 * (`/app/…`) and http(s) pages become links; anything else (javascript:, data:, vbscript:, mailto:,
 * protocol-relative `//host`, relative paths) is shown as text.
 */
export type AnalystLinkKind = 'app' | 'external';

/** `/app/` then a path without backslashes, whitespace, doubled slashes or dot segments. */
function isAppRoute(href: string): boolean {
  if (!href.startsWith('/app/') || /[\\\s]/.test(href)) return false;
  const path = href.split(/[?#]/, 1)[0]!;
  // Browsers read %2e as a dot in a path segment.
  const segments = path.replace(/%2e/gi, '.').split('/');
  return !path.includes('//') && !segments.includes('.') && !segments.includes('..');
}

export function analystLinkKind(href: string | null | undefined): AnalystLinkKind | null {
  if (!href) return null;
  if (isAppRoute(href)) return 'app';
  if (!/^https?:\/\/[^/\\]/i.test(href)) return null;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? 'external' : null;
  } catch {
    return null;
  }
}

/** What an external link carries: a new tab, no referrer, no opener, no endorsement. */
export const EXTERNAL_LINK_PROPS = {
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
} as const;
