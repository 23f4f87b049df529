import { rolesHavePermission } from './roles.ts';

/**
 * Which variable a role may read, create, change and delete (fleets spec §6 "Entity tables",
 * "Permissions by role"), from the role data in roles.ts: the question the dashboard asks to
 * offer or hide add, edit and delete per kind, answered exactly as the API's row rules answer
 * it (apps/api/src/model/resources/variables.ts).
 */
export const VARIABLE_RESOURCES = [
  'application_environment_variable',
  'application_config_variable',
  'build_environment_variable',
  'service_environment_variable',
  'device_environment_variable',
  'device_config_variable',
  'device_service_environment_variable',
] as const;
export type VariableResource = (typeof VARIABLE_RESOURCES)[number];
export type VariableVerb = 'read' | 'create' | 'update' | 'delete';

/** The permission name the API checks, e.g. `resin.device_config_variable.update`. */
export const variablePermission = (resource: VariableResource, verb: VariableVerb): string => `resin.${resource}.${verb}`;

/** True when the effective roles (roles.ts effectiveRoles) allow `verb` on variables of `resource`. */
export function mayOnVariable(roles: Iterable<string>, resource: VariableResource, verb: VariableVerb): boolean {
  return rolesHavePermission(roles, variablePermission(resource, verb));
}
