// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RETURN_URL_STORAGE_KEY,
  decodeToken,
  getToken,
  isSignedIn,
  isTokenExpired,
  logout,
  postLoginDestination,
  saveReturnUrl,
  setToken,
  startSessionKeeper,
  subscribeSession,
  takeReturnUrl,
} from './session.ts';
import { fakeJwt } from '../test/fake-jwt.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('tokens', () => {
  it('decodes JWT claims, including base64url characters', () => {
    const token = fakeJwt({ exp: 2_000_000_000, name: 'ü?>>' });
    expect(decodeToken(token)).toMatchObject({ exp: 2_000_000_000, name: 'ü?>>' });
  });

  it('treats malformed tokens as expired and tokens without exp as never expiring', () => {
    expect(decodeToken('not-a-jwt')).toBeNull();
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired(fakeJwt({ id: 1 }))).toBe(false);
  });

  it('compares exp (seconds) with now (milliseconds)', () => {
    const token = fakeJwt({ exp: 1000 });
    expect(isTokenExpired(token, 999_999)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
  });
});

describe('sign-in state', () => {
  it('is signed in with a live token and out without one', () => {
    expect(isSignedIn()).toBe(false);
    setToken(fakeJwt({ exp: nowSeconds() + 3600 }));
    expect(isSignedIn()).toBe(true);
  });

  it('is signed out with an expired token or a pending second factor', () => {
    setToken(fakeJwt({ exp: nowSeconds() - 1 }));
    expect(isSignedIn()).toBe(false);
    setToken(fakeJwt({ exp: nowSeconds() + 3600, twoFactorRequired: true }));
    expect(isSignedIn()).toBe(false);
  });

  it('notifies listeners on sign-in and on logout with the reason', () => {
    const events: Array<[string | null, string | undefined]> = [];
    const stop = subscribeSession((token, reason) => events.push([token, reason]));
    const token = fakeJwt({ exp: nowSeconds() + 60 });
    setToken(token);
    logout('signed-out');
    logout('signed-out'); // already signed out: no second event
    stop();
    setToken(token);
    expect(events).toEqual([
      [token, undefined],
      [null, 'signed-out'],
    ]);
  });
});

describe('return URL', () => {
  it('keeps a same-origin path in session storage and forgets it once taken', () => {
    saveReturnUrl('/fleets/3/devices?x=1');
    expect(sessionStorage.getItem(RETURN_URL_STORAGE_KEY)).toBe('/fleets/3/devices?x=1');
    expect(takeReturnUrl()).toBe('/fleets/3/devices?x=1');
    expect(takeReturnUrl()).toBeNull();
  });

  it('refuses other origins and the sign-in pages', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/login?redirect=/x', '/signup']) {
      saveReturnUrl(url);
      expect(takeReturnUrl()).toBeNull();
    }
  });

  it('sends a signed-in user to the redirect query, else the saved page unless it is /fleets, else /', () => {
    expect(postLoginDestination(undefined)).toBe('/');
    saveReturnUrl('/devices/abc');
    expect(postLoginDestination(undefined)).toBe('/devices/abc');
    saveReturnUrl('/fleets');
    expect(postLoginDestination(undefined)).toBe('/');
    saveReturnUrl('/devices/abc');
    expect(postLoginDestination('/fleets/9')).toBe('/fleets/9');
    expect(postLoginDestination('https://evil.example')).toBe('/');
  });
});

describe('startSessionKeeper', () => {
  it('logs out within a second of the token expiring', () => {
    vi.useFakeTimers();
    setToken(fakeJwt({ exp: nowSeconds() + 2 }));
    const stop = startSessionKeeper({ refresh: () => Promise.resolve('x') });
    vi.advanceTimersByTime(1000);
    expect(getToken()).not.toBeNull();
    vi.advanceTimersByTime(2500);
    expect(getToken()).toBeNull();
    stop();
  });

  it('refreshes the token every hour', async () => {
    vi.useFakeTimers();
    const first = fakeJwt({ exp: nowSeconds() + 36 * 3600, n: 1 });
    const second = fakeJwt({ exp: nowSeconds() + 37 * 3600, n: 2 });
    setToken(first);
    const refresh = vi.fn(() => Promise.resolve(second));
    const stop = startSessionKeeper({ refresh });
    await vi.advanceTimersByTimeAsync(3_599_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe(second);
    stop();
  });

  it('does not resurrect a session that ended while a refresh was in flight', async () => {
    vi.useFakeTimers();
    setToken(fakeJwt({ exp: nowSeconds() + 36 * 3600 }));
    let resolve: (token: string) => void = () => undefined;
    const stop = startSessionKeeper({ refresh: () => new Promise<string>((r) => (resolve = r)) });
    await vi.advanceTimersByTimeAsync(3_600_000);
    logout('signed-out');
    resolve(fakeJwt({ exp: nowSeconds() + 99_999 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken()).toBeNull();
    stop();
  });
});
