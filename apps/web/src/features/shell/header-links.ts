import { HEADER_LINK_KEYS, type HeaderLinkKey, type HeaderLinks } from '@flotilla/core/schemas/config';

/**
 * The header's external links (accounts spec §2 Header) that this deployment configured, in
 * the spec's order. Only http(s) URLs are used, so a misconfigured value never becomes a
 * `javascript:` link; an unset or unusable one is not shown.
 */
export interface HeaderLink {
  key: HeaderLinkKey;
  href: string;
}

export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function visibleHeaderLinks(links: HeaderLinks | undefined): HeaderLink[] {
  if (!links) return [];
  return HEADER_LINK_KEYS.flatMap((key) => {
    const href = safeHttpUrl(links[key]);
    return href ? [{ key, href }] : [];
  });
}
