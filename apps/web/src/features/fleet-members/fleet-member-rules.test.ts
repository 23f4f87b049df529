import { describe, expect, it } from 'vitest';
import { classifyInvitee, fleetAccessRoles, fleetMemberAbilities, pickableMembers } from './fleet-member-rules.ts';

describe('classifyInvitee (fleets spec §5 Invitee)', () => {
  it('an email creates an invite, trimmed', () => {
    expect(classifyInvitee('  ana@example.com ')).toEqual({ kind: 'email', email: 'ana@example.com' });
  });
  it('anything else is a username', () => {
    expect(classifyInvitee(' ana_ops ')).toEqual({ kind: 'username', username: 'ana_ops' });
    expect(classifyInvitee('ana@')).toEqual({ kind: 'username', username: 'ana@' });
  });
  it('blank is nothing yet', () => {
    expect(classifyInvitee('   ')).toEqual({ kind: 'blank' });
  });
});

describe('fleetMemberAbilities (fleets spec §6 entity table "Fleet members")', () => {
  const none = { canView: false, canAdd: false, canChangeRole: false, canRemove: false, canInvite: false, canRevokeInvite: false };
  it('administrator adds, changes roles, removes, invites and revokes', () => {
    expect(fleetMemberAbilities(['administrator'])).toEqual({ canView: true, canAdd: true, canChangeRole: true, canRemove: true, canInvite: true, canRevokeInvite: true });
  });
  it('developer only removes', () => {
    expect(fleetMemberAbilities(['developer'])).toEqual({ ...none, canView: true, canRemove: true });
  });
  it('safe-developer, operators and observer read', () => {
    for (const role of ['safe-developer', 'operator', 'safe-operator', 'observer']) {
      expect(fleetMemberAbilities([role])).toEqual({ ...none, canView: true });
    }
  });
  it('the strongest of several roles counts', () => {
    expect(fleetMemberAbilities(['developer', 'observer']).canRemove).toBe(true);
  });
  it('nothing while roles are unknown', () => {
    expect(fleetMemberAbilities(null)).toEqual(none);
  });
});

describe('pickableMembers', () => {
  it('leaves out who is already in the fleet', () => {
    expect(pickableMembers([{ username: 'a' }, { username: 'b' }], new Set(['a']))).toEqual([{ username: 'b' }]);
  });
});

describe('fleetAccessRoles (fleets spec §6 Effective role, as the API reckons fleet access)', () => {
  it('an organization administrator administers every fleet', () => {
    expect(fleetAccessRoles('administrator', null, [])).toEqual(['administrator']);
  });
  it('a plain organization member has no role on a fleet without membership or team grant', () => {
    expect(fleetAccessRoles('member', null, [])).toEqual([]);
    expect(fleetAccessRoles(undefined, null, [])).toEqual([]);
    expect(fleetMemberAbilities(fleetAccessRoles('member', null, [])).canView).toBe(false);
  });
  it('fleet and team roles combine in the spec order', () => {
    expect(fleetAccessRoles('member', 'observer', ['developer'])).toEqual(['developer', 'observer', 'member']);
  });
});
