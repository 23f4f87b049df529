import { describe, expect, it } from 'vitest';
import { isPortalReturnTo, isSafePortalUrl, supportPortalJwtUrl } from './support-portal.ts';
import { supportPortalLoginQuery } from './schemas/support-portal.ts';

const PORTAL = 'https://help.example.com';

describe('isPortalReturnTo (accounts spec §2 /zendesk-login: never an open redirect)', () => {
  it('accepts an absolute URL on the portal’s own origin', () => {
    expect(isPortalReturnTo('https://help.example.com/hc/en-us/requests', PORTAL)).toBe(true);
    expect(isPortalReturnTo('https://help.example.com/hc?x=1#top', `${PORTAL}/`)).toBe(true);
    expect(isPortalReturnTo('https://HELP.example.com:443/hc', PORTAL)).toBe(true);
  });

  it('refuses other origins, other schemes, relative and scheme-relative addresses, credentials', () => {
    for (const value of [
      'https://evil.example.com/hc',
      'https://help.example.com.evil.example/hc',
      'https://help.example.com:8443/hc',
      'http://help.example.com/hc',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//help.example.com/hc',
      '/hc/requests',
      'https://user:pass@help.example.com/hc',
      '',
      `https://help.example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(isPortalReturnTo(value, PORTAL), value).toBe(false);
    }
  });
});

describe('isSafePortalUrl', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(isSafePortalUrl('https://example.zendesk.com')).toBe(true);
    expect(isSafePortalUrl('http://127.0.0.1:4567')).toBe(true);
    expect(isSafePortalUrl('http://localhost:4567/')).toBe(true);
    expect(isSafePortalUrl('http://help.example.com')).toBe(false);
    expect(isSafePortalUrl('https://u:p@help.example.com')).toBe(false);
    expect(isSafePortalUrl('https://help.example.com/?x=1')).toBe(false);
    expect(isSafePortalUrl('ftp://help.example.com')).toBe(false);
    expect(isSafePortalUrl('not a url')).toBe(false);
  });
});

describe('supportPortalJwtUrl', () => {
  it('is <base>/access/jwt, with or without a trailing slash', () => {
    expect(supportPortalJwtUrl('https://help.example.com')).toBe('https://help.example.com/access/jwt');
    expect(supportPortalJwtUrl('https://help.example.com/')).toBe('https://help.example.com/access/jwt');
  });
});

describe('supportPortalLoginQuery', () => {
  it('takes no return_to, or one on the portal', () => {
    const schema = supportPortalLoginQuery(PORTAL);
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ return_to: `${PORTAL}/hc` })).toEqual({ return_to: `${PORTAL}/hc` });
    expect(schema.safeParse({ return_to: 'https://evil.example.com/' }).success).toBe(false);
    expect(schema.safeParse({ return_to: 'javascript:alert(1)' }).success).toBe(false);
  });
});
