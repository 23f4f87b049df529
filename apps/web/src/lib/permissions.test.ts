import { rolesHavePermission } from '@flotilla/core/roles';
import { describe, expect, it } from 'vitest';
import { pine } from './pine.ts';
import { scopeRoles, teamFleetRolesOptions } from './permissions.ts';

describe('scopeRoles (fleets spec §6: sorted union of organization, fleet and team roles)', () => {
  it('lets a team grant on the fleet count for an organization member', () => {
    const withoutTeam = scopeRoles('member', null, []);
    const withTeam = scopeRoles('member', null, ['developer']);
    expect(rolesHavePermission(withoutTeam, 'resin.application.update')).toBe(false);
    expect(withTeam).toContain('developer');
    expect(rolesHavePermission(withTeam, 'resin.device.create')).toBe(true);
  });

  it('unions the fleet membership role with several team roles, each once, in role order', () => {
    const roles = scopeRoles(undefined, 'observer', ['operator', 'observer']);
    expect(new Set(roles)).toEqual(new Set(['operator', 'observer']));
    expect(roles).toHaveLength(2);
  });

  it('keeps the organization administrator role whatever the teams grant', () => {
    expect(rolesHavePermission(scopeRoles('administrator', null, ['observer']), 'resin.application.delete')).toBe(true);
  });
});

describe('teamFleetRolesOptions', () => {
  it('asks for the user’s teams and only their access rows on the fleet on screen', () => {
    const url = pine.compile({ resource: 'team', options: teamFleetRolesOptions(7, 42) });
    expect(decodeURIComponent(url)).toBe(
      'team?$select=id&$filter=team_membership/any(tm:tm/user eq 7)' +
        '&$expand=team_application_access($select=id;$filter=grants_access_to__application eq 42;' +
        '$expand=application_membership_role($select=name))',
    );
  });
});
