import { describe, expect, it } from 'vitest';
import {
  ROLE_ORDER,
  ROLE_PERMISSIONS,
  allFormOf,
  effectiveRoles,
  hasPermission,
  isObserverOnly,
  permissionsOf,
  rolesHavePermission,
  rolesWithPermission,
} from './roles.ts';

describe('hasPermission', () => {
  it('accepts the exact name or its .all form', () => {
    expect(hasPermission(['resin.device.update'], 'resin.device.update')).toBe(true);
    expect(hasPermission(['resin.device.all'], 'resin.device.update')).toBe(true);
    expect(hasPermission(['resin.device.read'], 'resin.device.update')).toBe(false);
    expect(hasPermission(['resin.device_tag.all'], 'resin.device.update')).toBe(false);
  });
  it('derives the .all form', () => {
    expect(allFormOf('resin.device.supervisor-proxy-write')).toBe('resin.device.all');
  });
});

describe('fleet role permissions (fleets spec §6)', () => {
  const can = (role: string, perm: string) => rolesHavePermission([role], perm);
  it('observer only reads', () => {
    expect(can('observer', 'resin.application.read')).toBe(true);
    expect(can('observer', 'resin.device.read')).toBe(true);
    expect(can('observer', 'resin.device.update')).toBe(false);
    expect(can('observer', 'resin.api_key.read')).toBe(false);
  });
  it('safe-operator manages devices but cannot delete or configure them', () => {
    expect(can('safe-operator', 'resin.device.update')).toBe(true);
    expect(can('safe-operator', 'resin.device.access_diagnostics')).toBe(true);
    expect(can('safe-operator', 'resin.device_environment_variable.create')).toBe(true);
    expect(can('safe-operator', 'resin.api_key.read')).toBe(true);
    expect(can('safe-operator', 'resin.device.delete')).toBe(false);
    expect(can('safe-operator', 'resin.device_config_variable.create')).toBe(false);
    expect(can('safe-operator', 'resin.device_config_variable.delete')).toBe(true);
  });
  it('operator adds delete, move, config variables and supervisor proxy', () => {
    for (const p of ['resin.device.delete', 'resin.device.move', 'resin.device_config_variable.update', 'resin.device.supervisor-proxy-write']) {
      expect(can('operator', p)).toBe(true);
    }
    expect(can('operator', 'resin.application_environment_variable.create')).toBe(false);
    expect(can('operator', 'resin.release.create')).toBe(false);
  });
  it('safe-developer is operator without device delete, plus fleet env vars and release tags without delete', () => {
    expect(can('safe-developer', 'resin.device.delete')).toBe(false);
    expect(can('safe-developer', 'resin.device.move')).toBe(true);
    expect(can('safe-developer', 'resin.application_environment_variable.update')).toBe(true);
    expect(can('safe-developer', 'resin.application_config_variable.create')).toBe(false);
    expect(can('safe-developer', 'resin.release_tag.create')).toBe(true);
    expect(can('safe-developer', 'resin.release_tag.delete')).toBe(false);
    expect(can('safe-developer', 'resin.application.update')).toBe(false);
  });
  it('developer adds releases, fleet update, fleet config and device delete', () => {
    for (const p of ['resin.release.delete', 'resin.release_tag.all', 'resin.application.update', 'resin.application_config_variable.create', 'resin.device.delete']) {
      expect(can('developer', p)).toBe(true);
    }
    expect(can('developer', 'resin.application.delete')).toBe(false);
    expect(can('developer', 'resin.user_application_membership.delete')).toBe(true);
    expect(can('developer', 'resin.user_application_membership.create')).toBe(false);
  });
  it('administrator adds fleet create/delete/transfer, memberships and organization', () => {
    for (const p of ['resin.application.delete', 'resin.application.transfer', 'resin.application.change-type', 'resin.organization.access_billing', 'resin.team_membership.create', 'resin.user_application_membership.create']) {
      expect(can('administrator', p)).toBe(true);
    }
  });
  it('staff roles', () => {
    expect(can('support_agent', 'resin.device.ssh')).toBe(true);
    expect(can('support_agent', 'resin.device.update')).toBe(false);
    expect(can('balena_admin', 'resin.organization.update')).toBe(true);
    expect(can('balena_admin', 'resin.device.delete')).toBe(false);
  });
  it('every granted permission follows resin.<resource>.<verb>', () => {
    for (const role of ROLE_ORDER) for (const p of ROLE_PERMISSIONS[role]) expect(p).toMatch(/^resin\.[a-z_]+\.[a-z_-]+$/);
  });
});

describe('rolesWithPermission', () => {
  it('lists the granting roles in spec order', () => {
    expect(rolesWithPermission('resin.device.delete')).toEqual(['administrator', 'developer', 'operator']);
    expect(rolesWithPermission('resin.application.delete')).toEqual(['administrator']);
    expect(rolesWithPermission('resin.application.read')).toEqual([...ROLE_ORDER]);
    expect(rolesWithPermission('resin.nothing.read')).toEqual([]);
  });
});

describe('effectiveRoles', () => {
  it('is the sorted union of all sources', () => {
    expect(effectiveRoles(['member'], ['observer'], ['developer'])).toEqual(['developer', 'observer', 'member']);
    expect(effectiveRoles(['administrator'], ['developer', 'developer'], [])).toEqual(['administrator', 'developer']);
  });
  it('falls back to staff flags, then member', () => {
    expect(effectiveRoles([], [], [], { isAdmin: true })).toEqual(['balena_admin']);
    expect(effectiveRoles([], [], [], { isSupportAgent: true })).toEqual(['support_agent']);
    expect(effectiveRoles([], [], [])).toEqual(['member']);
    expect(effectiveRoles([], ['operator'], [], { isAdmin: true })).toEqual(['operator']);
  });
});

describe('isObserverOnly and permissionsOf', () => {
  it('detects observer-only holders', () => {
    expect(isObserverOnly(['observer'])).toBe(true);
    expect(isObserverOnly(['member', 'safe-operator'])).toBe(true);
    expect(isObserverOnly(['observer', 'operator'])).toBe(false);
    expect(isObserverOnly(['safe-developer'])).toBe(false);
  });
  it('unions permissions and ignores unknown roles', () => {
    const perms = permissionsOf(['observer', 'nonsense']);
    expect(perms.has('resin.application.read')).toBe(true);
    expect(perms.has('resin.device.update')).toBe(false);
  });
});
