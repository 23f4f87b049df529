import { describe, expect, it } from 'vitest';
import { fleetRoleOptions, fleetRoleRefusal, isFleetRoleAllowed, LIMITED_ROLE_PAID_ONLY, OPERATOR_ROLE_FLEETS_ONLY, planAllowsLimitedRoles, SAFE_ROLES_FEATURE } from './fleet-roles.ts';

describe('fleet role options (fleets spec §6)', () => {
  it('offers every fleet role on a fleet, the limited ones only with the paid add-on', () => {
    expect(fleetRoleOptions('fleet', false)).toEqual([
      { role: 'administrator', isAvailable: true },
      { role: 'developer', isAvailable: true },
      { role: 'safe-developer', isAvailable: false },
      { role: 'operator', isAvailable: true },
      { role: 'safe-operator', isAvailable: false },
      { role: 'observer', isAvailable: true },
    ]);
    expect(fleetRoleOptions('fleet', true).every((o) => o.isAvailable)).toBe(true);
  });

  it('leaves the operator roles out on apps and blocks', () => {
    for (const cls of ['app', 'block'] as const) {
      expect(fleetRoleOptions(cls, true).map((o) => o.role)).toEqual(['administrator', 'developer', 'safe-developer', 'observer']);
    }
    expect(isFleetRoleAllowed('operator', 'block', true)).toBe(false);
    expect(isFleetRoleAllowed('operator', 'fleet', false)).toBe(true);
    expect(isFleetRoleAllowed('safe-developer', 'fleet', false)).toBe(false);
    expect(isFleetRoleAllowed('member', 'fleet', true)).toBe(false);
  });

  it('needs a paid plan that includes the safe-roles feature', () => {
    expect(planAllowsLimitedRoles(null)).toBe(false);
    expect(planAllowsLimitedRoles({ billingCode: 'free', featureSlugs: [SAFE_ROLES_FEATURE] })).toBe(false);
    expect(planAllowsLimitedRoles({ billingCode: 'prototype-v2', featureSlugs: ['device:any'] })).toBe(false);
    expect(planAllowsLimitedRoles({ billingCode: 'pilot-v2', featureSlugs: ['device:any', SAFE_ROLES_FEATURE] })).toBe(true);
  });
});

describe('fleetRoleRefusal (what the API refuses)', () => {
  it('refuses operator roles on apps and blocks, limited roles without the add-on', () => {
    expect(fleetRoleRefusal('operator', 'block', true)).toBe(OPERATOR_ROLE_FLEETS_ONLY);
    expect(fleetRoleRefusal('safe-operator', 'app', true)).toBe(OPERATOR_ROLE_FLEETS_ONLY);
    expect(fleetRoleRefusal('safe-developer', 'fleet', false)).toBe(LIMITED_ROLE_PAID_ONLY);
    expect(fleetRoleRefusal('safe-developer', 'fleet', true)).toBeNull();
    expect(fleetRoleRefusal('developer', 'block', false)).toBeNull();
    expect(fleetRoleRefusal('member', 'fleet', false)).toBeNull();
  });
});
