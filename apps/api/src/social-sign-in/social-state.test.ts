import { describe, expect, it } from 'vitest';
import { SOCIAL_STATE_COOKIE, SOCIAL_STATE_TTL_MS, clearedStateCookie, newSocialChecks, readStateCookie, stateCookie } from './social-state.ts';

const SECRET = 'a-server-secret-of-enough-length-0123456789';
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('social sign-in state cookie', () => {
  it('gives back the checks to the browser that started, only for that provider and before it expires', () => {
    const checks = newSocialChecks();
    const now = 1_000_000;
    const set = stateCookie('github', checks, SECRET, true, now);
    expect(set).toMatch(/; Path=\/auth; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/);
    const header = `other=1; ${cookieOf(set)}`;
    expect(readStateCookie(header, 'github', SECRET, now + 1000)).toEqual(checks);
    expect(readStateCookie(header, 'google', SECRET, now + 1000)).toBeNull();
    expect(readStateCookie(header, 'github', SECRET, now + SOCIAL_STATE_TTL_MS)).toBeNull();
    expect(readStateCookie(header, 'github', 'another-secret-of-enough-length-0123456789', now)).toBeNull();
  });

  it('refuses a missing, cleared or altered cookie', () => {
    const set = stateCookie('google', newSocialChecks(), SECRET, false);
    expect(set).not.toContain('Secure');
    const [name, value] = cookieOf(set).split('=');
    const [payload, signature] = value!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), state: 'mine' })).toString('base64url');
    expect(readStateCookie(undefined, 'google', SECRET)).toBeNull();
    expect(readStateCookie(cookieOf(clearedStateCookie(false)), 'google', SECRET)).toBeNull();
    expect(readStateCookie(`${name}=${forged}.${signature}`, 'google', SECRET)).toBeNull();
    expect(readStateCookie(`${SOCIAL_STATE_COOKIE}=${payload}`, 'google', SECRET)).toBeNull();
  });
});
