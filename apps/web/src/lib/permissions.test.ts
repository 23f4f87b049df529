import { rolesHavePermission } from '@flotilla/core/roles';
import { describe, expect, it } from 'vitest';
import { pine } from './pine.ts';
import { scopeRoles, staffRoles, teamFleetRolesOptions } from './permissions.ts';

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

describe('staffRoles (accounts spec §6; the API adds the same roles in model/access/rule-builders.ts)', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const open = '2026-11-27T11:00:00Z';
  const closed = '2026-11-27T09:00:00Z';
  const fleet = { organizationId: 3, fleetId: 42 };
  const support = { isPlatformAdmin: false, isSupportAgent: true };
  const admin = { isPlatformAdmin: true, isSupportAgent: false };
  const roles = (flags: typeof support, scope: typeof fleet | { organizationId: number }, until: string | null, own: string | null = null) =>
    scopeRoles(undefined, own, [], staffRoles(flags, scope, until, now));

  it('gives a support agent the terminal and diagnostics on a fleet open to support, and no writes', () => {
    for (const permission of ['resin.device.ssh', 'resin.device.ssh-host', 'resin.device.access_diagnostics']) {
      expect(rolesHavePermission(roles(support, fleet, open), permission), permission).toBe(true);
    }
    expect(rolesHavePermission(roles(support, fleet, open), 'resin.device.update')).toBe(false);
  });

  it('gives a support agent nothing on a fleet whose support access expired or was never granted, nor on an organization', () => {
    expect(rolesHavePermission(roles(support, fleet, closed), 'resin.device.ssh')).toBe(false);
    expect(rolesHavePermission(roles(support, fleet, null), 'resin.device.ssh')).toBe(false);
    expect(staffRoles(support, { organizationId: 3 }, open, now)).toEqual([]);
  });

  it('gives a platform admin the terminal on every fleet and the organization role rights, but not fleet writes', () => {
    expect(rolesHavePermission(roles(admin, fleet, null), 'resin.device.ssh-host')).toBe(true);
    expect(rolesHavePermission(roles(admin, { organizationId: 3 }, null), 'resin.organization_membership.create')).toBe(true);
    expect(rolesHavePermission(roles(admin, fleet, null), 'resin.application.update')).toBe(false);
    expect(staffRoles(admin, {}, null, now)).toEqual([]);
  });

  it('adds the staff role to the account’s own fleet role, as the API unions them', () => {
    const observerAgent = roles(support, fleet, open, 'observer');
    expect(new Set(observerAgent)).toEqual(new Set(['support_agent', 'observer']));
    expect(rolesHavePermission(observerAgent, 'resin.device.ssh')).toBe(true);
    expect(staffRoles({ isPlatformAdmin: false, isSupportAgent: false }, fleet, open, now)).toEqual([]);
  });
});
