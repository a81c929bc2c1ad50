/** 'Text:URL' links: the designer's link lists, parsed and refused line by line. */
import type { Link } from './state';
import { isSafeHref, MAX_LINKS, MAX_URL_LENGTH, MAX_LINK_TEXT } from './state';

export type RejectedLink = { item: string; reason: string };
export type ParsedLinks = { links: Link[]; rejected: RejectedLink[] };

export const UNSAFE_LINK_REASON =
  'Only http(s), mailto and site paths such as /shop are allowed; this link was left out.';
export const LONG_LINK_REASON = `A link can be at most ${MAX_URL_LENGTH.toLocaleString('en')} characters long.`;
export const TOO_MANY_LINKS_REASON = `At most ${MAX_LINKS} links fit here; the extra ones were not added.`;

/**
 * Comma-separated 'Text:URL' items: an empty item is dropped, a missing URL becomes '/', and any
 * URL other than http(s), mailto or a site path is rejected and reported, never returned. Items
 * past `max` are reported too, so the list always fits the schema.
 */
export function parseLinks(text: string, max: number = MAX_LINKS): ParsedLinks {
  const links: Link[] = [];
  const rejected: RejectedLink[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    let label: string;
    let href: string;
    if (/^(https?:\/\/|mailto:)/i.test(item)) {
      // A bare URL: it is its own text.
      label = item;
      href = item;
    } else {
      const colon = item.indexOf(':');
      label = (colon === -1 ? item : item.slice(0, colon)).trim();
      href = colon === -1 ? '' : item.slice(colon + 1).trim();
    }
    if (href === '') href = '/';
    const reason = !isSafeHref(href)
      ? UNSAFE_LINK_REASON
      : href.length > MAX_URL_LENGTH
        ? LONG_LINK_REASON
        : links.length >= max
          ? TOO_MANY_LINKS_REASON
          : null;
    if (reason) {
      rejected.push({ item: item.slice(0, MAX_LINK_TEXT), reason });
      continue;
    }
    links.push({ text: (label || href).slice(0, MAX_LINK_TEXT), href });
  }
  return { links, rejected };
}

export function formatLinks(links: readonly Link[]): string {
  return links.map((link) => `${link.text}:${link.href}`).join(', ');
}
