import { describe, expect, it } from 'vitest';
import { afterInvitation, invitationFromRedirect, invitationPath, invitationTokenFromRedirect } from './invitation-link.ts';

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

describe('invitationFromRedirect (fleet invites too)', () => {
  it('tells a fleet invitation from an organization one', () => {
    expect(invitationFromRedirect('/invitation/abc.def')).toEqual({ kind: 'application', token: 'abc.def' });
    expect(invitationFromRedirect(invitationPath('a.b', 'application'))).toEqual({ kind: 'application', token: 'a.b' });
    expect(invitationFromRedirect('/organization/invitation/abc.def')).toEqual({ kind: 'organization', token: 'abc.def' });
    expect(invitationFromRedirect('/fleets/invitation/abc.def')).toBeNull();
    expect(invitationFromRedirect('https://evil.example/invitation/a.b')).toBeNull();
  });

  it('a fleet invite goes to /fleets after accepting, an organization invite to /orgs', () => {
    expect(afterInvitation('application')).toBe('/fleets');
    expect(afterInvitation('organization')).toBe('/orgs');
  });
});
