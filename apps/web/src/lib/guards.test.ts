// @vitest-environment jsdom
import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../test/fake-jwt.ts';
import { finishPendingSecondFactor, parseNumericId, redirectIfSessionEnded, redirectIfSignedIn, requireNumericFleetId, requireSignedIn, validateLoginSearch } from './guards.ts';
import { ApiError } from './http.ts';
import { RETURN_URL_STORAGE_KEY, setToken } from './session.ts';
import { attachToasts } from './toast.ts';

/** The toasts shown, as the mounted toast host receives them. */
const shown = vi.fn();
let detachToasts = () => {};
beforeEach(() => void (detachToasts = attachToasts(shown)));
afterEach(() => detachToasts());

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

const liveToken = () => fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  shown.mockClear();
});

describe('requireSignedIn', () => {
  it('sends a signed-out user to /login with the page kept in the query and session storage', () => {
    const error = thrown(() => requireSignedIn({ location: { href: '/fleets/4/devices' } }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({ to: '/login', search: { redirect: '/fleets/4/devices' } });
    expect(sessionStorage.getItem(RETURN_URL_STORAGE_KEY)).toBe('/fleets/4/devices');
  });

  it('lets a signed-in user through', () => {
    setToken(liveToken());
    expect(thrown(() => requireSignedIn({ location: { href: '/fleets' } }))).toBeUndefined();
  });

  it('treats an expired token as signed out', () => {
    setToken(fakeJwt({ exp: 1 }));
    expect(isRedirect(thrown(() => requireSignedIn({ location: { href: '/fleets' } })))).toBe(true);
  });
});

describe('finishPendingSecondFactor', () => {
  it('sends a session waiting for its second factor there first, and back to the page after', () => {
    setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, twoFactorRequired: true }));
    const error = thrown(() => finishPendingSecondFactor({ location: { href: '/organization/invitation/abc.def' } }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({ to: '/login/two-factor', search: { redirect: '/organization/invitation/abc.def' } });
  });

  it('leaves signed-out and signed-in visitors on the page', () => {
    expect(thrown(() => finishPendingSecondFactor({ location: { href: '/invitation/x' } }))).toBeUndefined();
    setToken(liveToken());
    expect(thrown(() => finishPendingSecondFactor({ location: { href: '/invitation/x' } }))).toBeUndefined();
    setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, twoFactorRequired: false }));
    expect(thrown(() => finishPendingSecondFactor({ location: { href: '/invitation/x' } }))).toBeUndefined();
  });
});

describe('redirectIfSignedIn', () => {
  it('leaves signed-out users on the login page', () => {
    expect(thrown(() => redirectIfSignedIn({ search: {} }))).toBeUndefined();
  });

  it('sends signed-in users to the redirect query or /', () => {
    setToken(liveToken());
    const toRedirect = thrown(() => redirectIfSignedIn({ search: { redirect: '/fleets/2' } }));
    expect((toRedirect as { options: { href: string } }).options.href).toBe('/fleets/2');
    const toHome = thrown(() => redirectIfSignedIn({ search: {} }));
    expect((toHome as { options: { href: string } }).options.href).toBe('/');
  });
});

describe('fleet id', () => {
  it('accepts positive integers only', () => {
    expect(parseNumericId('12')).toBe(12);
    for (const raw of ['abc', '1.5', '-3', '0', '', '12abc', '99999999999999999999']) expect(parseNumericId(raw)).toBeNull();
  });

  it('redirects a non-numeric id up to its class list with the invalid-id error', () => {
    const error = thrown(() => requireNumericFleetId({ params: { fleetClass: 'fleets', fleetId: 'nope' } }));
    expect((error as { options: unknown }).options).toMatchObject({ href: '/fleets' });
    const blockError = thrown(() => requireNumericFleetId({ params: { fleetClass: 'blocks', fleetId: '1x' } }));
    expect((blockError as { options: unknown }).options).toMatchObject({ href: '/blocks' });
    expect(shown).toHaveBeenCalledWith('invalid id passed in URL', expect.objectContaining({ variant: 'error' }));
  });

  it('passes the numeric id on as route context', () => {
    expect(requireNumericFleetId({ params: { fleetClass: 'fleets', fleetId: '42' } })).toEqual({ fleetId: 42 });
    expect(shown).not.toHaveBeenCalled();
  });
});

describe('redirectIfSessionEnded (accounts spec §8 Session: a revoked or expired token)', () => {
  it('sends a layout load refused with 401, whose session has ended, to sign in saying it expired', () => {
    const error = thrown(() => redirectIfSessionEnded(new ApiError('Unauthorized', 401), { href: '/orgs' }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({ to: '/login', search: { redirect: '/orgs', expired: true } });
  });
  it('rethrows any other failure, and a 401 while the session still stands', () => {
    const failure = new ApiError('Database unavailable', 500);
    expect(thrown(() => redirectIfSessionEnded(failure, { href: '/orgs' }))).toBe(failure);
    setToken(liveToken());
    const stale = new ApiError('Unauthorized', 401);
    expect(thrown(() => redirectIfSessionEnded(stale, { href: '/orgs' }))).toBe(stale);
  });
});

describe('validateLoginSearch', () => {
  it('keeps only a non-empty string redirect', () => {
    expect(validateLoginSearch({ redirect: '/x', other: 1 })).toEqual({ redirect: '/x' });
    expect(validateLoginSearch({ redirect: 5 })).toEqual({});
    expect(validateLoginSearch({ redirect: '' })).toEqual({});
  });
  it('keeps the session-expired mark (accounts spec §8 Session) only when true', () => {
    expect(validateLoginSearch({ redirect: '/x', expired: true })).toEqual({ redirect: '/x', expired: true });
    expect(validateLoginSearch({ expired: 'true' })).toEqual({ expired: true });
    expect(validateLoginSearch({ expired: 'no' })).toEqual({});
  });
});
