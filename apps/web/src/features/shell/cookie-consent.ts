import { browserStorage, storeItem, type KeyValueStorage } from '../../lib/browser-storage.ts';

/**
 * The cookie banner's choice (accounts spec §2 "a cookie banner (essentials required,
 * analytics default off)"), kept in this browser. Essential cookies cannot be refused: the
 * session needs them. Analytics stays off unless the user turns it on.
 */
export interface CookieConsent {
  essential: true;
  analytics: boolean;
}

export const COOKIE_CONSENT_KEY = 'flotilla.cookieConsent';
export const DEFAULT_COOKIE_CONSENT: CookieConsent = { essential: true, analytics: false };

/** The stored choice, or null when the user has not chosen yet (the banner shows). */
export function parseCookieConsent(raw: string | null): CookieConsent | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || !('analytics' in value) || typeof value.analytics !== 'boolean') return null;
    return { essential: true, analytics: value.analytics };
  } catch {
    return null;
  }
}

export function readCookieConsent(storage: KeyValueStorage | null = browserStorage()): CookieConsent | null {
  return parseCookieConsent(storage?.getItem(COOKIE_CONSENT_KEY) ?? null);
}

export function writeCookieConsent(consent: CookieConsent, storage: KeyValueStorage | null = browserStorage()): void {
  storeItem(storage, COOKIE_CONSENT_KEY, JSON.stringify({ essential: true, analytics: consent.analytics }));
}
