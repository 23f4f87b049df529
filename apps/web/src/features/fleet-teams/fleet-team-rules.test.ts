import { describe, expect, it } from 'vitest';
import { fleetTeamAbilities, teamsWithoutAccess } from './fleet-team-rules.ts';

describe('fleetTeamAbilities (fleets spec §6)', () => {
  it('an organization administrator adds, changes roles and removes', () => {
    expect(fleetTeamAbilities(['administrator'], ['administrator'])).toEqual({ canView: true, canAdd: true, canChangeRole: true, canRemove: true });
  });
  it('fleet developers and safe-developers remove access; grants stay with the organization', () => {
    for (const role of ['administrator', 'developer', 'safe-developer']) {
      expect(fleetTeamAbilities([role, 'member'], ['member'])).toEqual({ canView: true, canAdd: false, canChangeRole: false, canRemove: true });
    }
  });
  it('operators and observers read', () => {
    for (const role of ['operator', 'safe-operator', 'observer']) {
      expect(fleetTeamAbilities([role], ['member'])).toEqual({ canView: true, canAdd: false, canChangeRole: false, canRemove: false });
    }
  });
  it('nothing while roles are unknown', () => {
    expect(fleetTeamAbilities(null, null)).toEqual({ canView: false, canAdd: false, canChangeRole: false, canRemove: false });
  });
});

describe('teamsWithoutAccess', () => {
  it('offers only teams without a grant on the fleet', () => {
    expect(teamsWithoutAccess([{ id: 1 }, { id: 2 }], new Set([2]))).toEqual([{ id: 1 }]);
  });
});
