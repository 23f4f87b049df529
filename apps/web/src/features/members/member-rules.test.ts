import { describe, expect, it } from 'vitest';
import { memberSectionFromPath, organizationRolePriceHint, validateTagKey, wouldRemoveAllAdmins } from './member-rules.ts';

describe('wouldRemoveAllAdmins', () => {
  it('is true only when every administrator of the organization is selected', () => {
    expect(wouldRemoveAllAdmins(['administrator'], 1)).toBe(true);
    expect(wouldRemoveAllAdmins(['administrator', 'member'], 1)).toBe(true);
    expect(wouldRemoveAllAdmins(['administrator'], 2)).toBe(false);
    expect(wouldRemoveAllAdmins(['administrator', 'administrator'], 2)).toBe(true);
    expect(wouldRemoveAllAdmins(['member', 'member'], 1)).toBe(false);
    expect(wouldRemoveAllAdmins([], 1)).toBe(false);
  });

  it('does not block when the admin count is not known yet (0)', () => {
    expect(wouldRemoveAllAdmins(['member'], 0)).toBe(false);
  });
});

describe('organizationRolePriceHint', () => {
  it('prices administrators at $49 a month and bills members by their fleet roles', () => {
    expect(organizationRolePriceHint('administrator')).toEqual({ kind: 'monthly', dollars: 49 });
    expect(organizationRolePriceHint('member')).toEqual({ kind: 'byFleetRole' });
  });
});

describe('validateTagKey', () => {
  it('requires a key and keeps keys unique per member', () => {
    expect(validateTagKey('  ', [])).toBe('required');
    expect(validateTagKey('team', ['team'])).toBe('duplicate');
    expect(validateTagKey(' site ', ['team'])).toBeNull();
  });
});

describe('memberSectionFromPath', () => {
  it('maps the last path segment to the section', () => {
    expect(memberSectionFromPath('/orgs/1/members/2/teams')).toBe('teams');
    expect(memberSectionFromPath('/orgs/1/members/2/fleets')).toBe('fleet');
    expect(memberSectionFromPath('/orgs/1/members/2/apps/')).toBe('app');
    expect(memberSectionFromPath('/orgs/1/members/2/blocks')).toBe('block');
  });
});
