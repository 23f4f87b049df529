import { describe, expect, it } from 'vitest';
import { accountFlagsFrom, actualUserOf, isHeaderFlagged } from './account-flags.ts';

function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const NONE = { isPlatformAdmin: false, isSupportAgent: false, hasPasswordOverLimit: false };

describe('accountFlagsFrom', () => {
  it('reads the profile flags and treats missing or non-boolean ones as unset', () => {
    expect(accountFlagsFrom({ is_platform_admin: true, is_support_agent: false, has_password_over_limit: true })).toEqual({
      isPlatformAdmin: true,
      isSupportAgent: false,
      hasPasswordOverLimit: true,
    });
    expect(accountFlagsFrom({ is_platform_admin: 'true' })).toEqual(NONE);
    expect(accountFlagsFrom(null)).toEqual(NONE);
  });
});

describe('actualUserOf', () => {
  it('answers the admin id of a login-as-user token', () => {
    expect(actualUserOf(tokenWith({ id: 5, actualUser: 1 }))).toBe(1);
  });

  it('answers null for ordinary tokens, API keys and no token', () => {
    expect(actualUserOf(tokenWith({ id: 5 }))).toBeNull();
    expect(actualUserOf(tokenWith({ id: 5, actualUser: '1' }))).toBeNull();
    expect(actualUserOf('an-api-key')).toBeNull();
    expect(actualUserOf(null)).toBeNull();
  });
});

describe('isHeaderFlagged', () => {
  it('is red for admins, support agents and login-as sessions only', () => {
    expect(isHeaderFlagged({ ...NONE, isPlatformAdmin: true }, null)).toBe(true);
    expect(isHeaderFlagged({ ...NONE, isSupportAgent: true }, null)).toBe(true);
    expect(isHeaderFlagged(NONE, 7)).toBe(true);
    expect(isHeaderFlagged(undefined, 7)).toBe(true);
    expect(isHeaderFlagged({ ...NONE, hasPasswordOverLimit: true }, null)).toBe(false);
    expect(isHeaderFlagged(undefined, null)).toBe(false);
  });
});
