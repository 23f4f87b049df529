// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './http.ts';
import { logout, setToken, settleSessionEnd } from './session.ts';
import { fakeJwt } from '../test/fake-jwt.ts';

/**
 * While a session ends (lib/session.ts `isSessionEnding`), the screens still mounted must not
 * ask again without a token: such a request is not sent (no 401 after sign-out). Requests
 * that need no session go, and once the end has settled every request goes again.
 */
const fetchMock = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  settleSessionEnd();
  vi.unstubAllGlobals();
});

describe('apiRequest while the session ends', () => {
  it('sends no authenticated request between sign-out and the end settling', async () => {
    logout('signed-out');
    await expect(apiRequest('/actor/v1/whoami')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/actor/v1/whoami')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    await apiRequest('/config', { auth: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    settleSessionEnd();
    await apiRequest('/v7/application');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends them again as soon as a new session starts', async () => {
    logout('expired');
    setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
    await apiRequest('/actor/v1/whoami');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
