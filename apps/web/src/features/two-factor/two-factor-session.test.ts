// @vitest-environment jsdom
import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt } from '../../test/fake-jwt.ts';
import { requireSignedIn, requireTwoFactorPending } from '../../lib/guards.ts';
import { isSignedIn, isTwoFactorPending, setToken } from '../../lib/session.ts';
import { setupKeyUri } from './setup-key.ts';
import { isRecentlyAuthenticated, twoFactorStatusOf } from './hooks/use-session-token.ts';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

const exp = () => Math.floor(Date.now() / 1000) + 3600;
const pendingToken = () => fakeJwt({ exp: exp(), twoFactorRequired: true });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('two-factor session state', () => {
  it('reads the claim: absent = disabled, true = pending, false = passed', () => {
    expect(twoFactorStatusOf(fakeJwt({ exp: exp() }))).toBe('disabled');
    expect(twoFactorStatusOf(pendingToken())).toBe('pending');
    expect(twoFactorStatusOf(fakeJwt({ exp: exp(), twoFactorRequired: false }))).toBe('passed');
    expect(twoFactorStatusOf(null)).toBe('disabled');
  });

  it('counts a pending session as not signed in, a passed one as signed in', () => {
    setToken(pendingToken());
    expect(isSignedIn()).toBe(false);
    expect(isTwoFactorPending()).toBe(true);
    setToken(fakeJwt({ exp: exp(), twoFactorRequired: false }));
    expect(isSignedIn()).toBe(true);
    expect(isTwoFactorPending()).toBe(false);
    setToken(fakeJwt({ exp: 1, twoFactorRequired: true }));
    expect(isTwoFactorPending()).toBe(false);
  });

  it('knows whether the password proof is within 20 minutes', () => {
    const now = Date.now();
    expect(isRecentlyAuthenticated(fakeJwt({ authTime: now - 19 * 60_000 }), now)).toBe(true);
    expect(isRecentlyAuthenticated(fakeJwt({ authTime: now - 21 * 60_000 }), now)).toBe(false);
    expect(isRecentlyAuthenticated(fakeJwt({}), now)).toBe(false);
  });

  it('builds the otpauth URI for the QR code', () => {
    const uri = setupKeyUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'alice');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Flotilla:alice\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
  });
});

describe('two-factor route guards', () => {
  it('sends a pending session from app pages to /login/two-factor, keeping the page', () => {
    setToken(pendingToken());
    const error = thrown(() => requireSignedIn({ location: { href: '/fleets/3' } }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({ to: '/login/two-factor', search: { redirect: '/fleets/3' } });
  });

  it('lets only a pending session onto /login/two-factor', () => {
    setToken(pendingToken());
    expect(thrown(() => requireTwoFactorPending({ search: {} }))).toBeUndefined();

    setToken(fakeJwt({ exp: exp(), twoFactorRequired: false }));
    const passed = thrown(() => requireTwoFactorPending({ search: { redirect: '/fleets/2' } }));
    expect((passed as { options: { href: string } }).options.href).toBe('/fleets/2');

    localStorage.clear();
    const signedOut = thrown(() => requireTwoFactorPending({ search: {} }));
    expect((signedOut as { options: unknown }).options).toMatchObject({ to: '/login' });
  });
});
