import { describe, expect, it } from 'vitest';
import { invitationPath, invitationTokenFromRedirect } from './invitation-link.ts';

describe('invitationTokenFromRedirect', () => {
  it('reads the token from an invitation redirect and round-trips invitationPath', () => {
    expect(invitationTokenFromRedirect('/organization/invitation/eyJh.c2Vj')).toBe('eyJh.c2Vj');
    expect(invitationTokenFromRedirect(invitationPath('a.b_c-d'))).toBe('a.b_c-d');
    expect(invitationTokenFromRedirect('/organization/invitation/abc.def?x=1')).toBe('abc.def');
  });

  it('ignores other redirects', () => {
    expect(invitationTokenFromRedirect(undefined)).toBeNull();
    expect(invitationTokenFromRedirect('/fleets')).toBeNull();
    expect(invitationTokenFromRedirect('/invitation/abc.def')).toBeNull();
    expect(invitationTokenFromRedirect('/organization/invitation/')).toBeNull();
    expect(invitationTokenFromRedirect('https://evil.example/organization/invitation/a.b')).toBeNull();
  });
});
