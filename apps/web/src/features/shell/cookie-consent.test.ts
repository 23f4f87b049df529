import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage.ts';
import { COOKIE_CONSENT_KEY, DEFAULT_COOKIE_CONSENT, parseCookieConsent, readCookieConsent, writeCookieConsent } from './cookie-consent.ts';

describe('cookie consent', () => {
  it('has analytics off by default and essentials always on', () => {
    expect(DEFAULT_COOKIE_CONSENT).toEqual({ essential: true, analytics: false });
  });

  it('asks again when nothing or something unreadable is stored', () => {
    expect(readCookieConsent(memoryStorage())).toBeNull();
    expect(parseCookieConsent('yes')).toBeNull();
    expect(parseCookieConsent('{"analytics":"on"}')).toBeNull();
    expect(parseCookieConsent('null')).toBeNull();
    expect(readCookieConsent(null)).toBeNull();
  });

  it('remembers the choice; essentials cannot be stored as refused', () => {
    const storage = memoryStorage();
    writeCookieConsent({ essential: true, analytics: true }, storage);
    expect(readCookieConsent(storage)).toEqual({ essential: true, analytics: true });
    expect(parseCookieConsent('{"essential":false,"analytics":false}')).toEqual({ essential: true, analytics: false });
    expect(JSON.parse(storage.entries.get(COOKIE_CONSENT_KEY) ?? '')).toEqual({ essential: true, analytics: true });
  });
});
