import { describe, expect, it } from 'vitest';
import { FLEET_ROLES, STAFF_ROLES } from './roles.ts';
import { VARIABLE_RESOURCES, mayOnVariable, type VariableResource, type VariableVerb } from './variable-permissions.ts';

/** Fleets spec §6: who writes each kind (every fleet role and the staff roles read every kind). */
const WRITERS: Record<VariableResource, Record<Exclude<VariableVerb, 'read'>, readonly string[]>> = (() => {
  const all = (roles: readonly string[]) => ({ create: roles, update: roles, delete: roles });
  const safeDevelopers = ['administrator', 'developer', 'safe-developer'];
  const safeOperators = ['administrator', 'developer', 'safe-developer', 'operator', 'safe-operator'];
  const operators = ['administrator', 'developer', 'safe-developer', 'operator'];
  return {
    application_environment_variable: all(safeDevelopers),
    application_config_variable: all(['administrator', 'developer']),
    build_environment_variable: all(safeDevelopers),
    service_environment_variable: all(safeDevelopers),
    device_environment_variable: all(safeOperators),
    device_config_variable: { create: operators, update: operators, delete: safeOperators },
    device_service_environment_variable: all(safeOperators),
  };
})();

describe('mayOnVariable', () => {
  const roles = [...FLEET_ROLES, ...STAFF_ROLES];
  for (const resource of VARIABLE_RESOURCES) {
    it(`${resource}: every role reads, the spec's roles write`, () => {
      for (const role of roles) {
        expect(mayOnVariable([role], resource, 'read'), `${role} read`).toBe(true);
        for (const verb of ['create', 'update', 'delete'] as const) {
          expect(mayOnVariable([role], resource, verb), `${role} ${verb}`).toBe(WRITERS[resource][verb].includes(role));
        }
      }
    });
  }
  it('takes the union of the roles held', () => {
    expect(mayOnVariable(['observer', 'operator'], 'device_config_variable', 'update')).toBe(true);
    expect(mayOnVariable(['member'], 'device_config_variable', 'update')).toBe(false);
  });
});
