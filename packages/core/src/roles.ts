/**
 * Roles and permissions as data (fleets spec §6, accounts spec §6). A role grants permission
 * names exactly as the spec writes them (`resin.device.update`); a permission is held when its
 * exact name or its `.all` form (`resin.device.all`) is held. The API compiles
 * `rolesWithPermission(name)` into SQL row conditions; the dashboard gates screens with it.
 */
export const FLEET_ROLES = ['administrator', 'developer', 'safe-developer', 'operator', 'safe-operator', 'observer'] as const;
export const ORGANIZATION_ROLES = ['administrator', 'member'] as const;
export const STAFF_ROLES = ['balena_admin', 'support_agent'] as const;

/** The spec's order for the effective role union (most privileged first). */
export const ROLE_ORDER = [
  'balena_admin',
  'support_agent',
  'administrator',
  'developer',
  'safe-developer',
  'operator',
  'safe-operator',
  'observer',
  'member',
] as const;
export type RoleName = (typeof ROLE_ORDER)[number];
export type FleetRoleName = (typeof FLEET_ROLES)[number];
export type OrganizationRoleName = (typeof ORGANIZATION_ROLES)[number];

/** The role a new fleet member gets unless another is chosen. */
export const DEFAULT_FLEET_ROLE: FleetRoleName = 'developer';
/** Roles that need the paid safe-roles preview add-on. */
export const LIMITED_ROLES: readonly FleetRoleName[] = ['safe-developer', 'safe-operator'];
/** Monthly seat price in cents (accounts §6 / fleets §6); observer and member are free. */
export const ROLE_MONTHLY_PRICE_CENTS: Record<RoleName, number> = {
  balena_admin: 0,
  support_agent: 0,
  administrator: 4900,
  developer: 4900,
  'safe-developer': 4900,
  operator: 2900,
  'safe-operator': 2900,
  observer: 0,
  member: 0,
};

/** Everything in a fleet that a read-only role may see. */
const FLEET_READ = [
  'resin.application.read',
  'resin.device.read',
  'resin.device_history.read',
  'resin.device_log.read',
  'resin.release.read',
  'resin.release_tag.read',
  'resin.release_asset.read',
  'resin.release_image.read',
  'resin.image.read',
  'resin.image_label.read',
  'resin.image_environment_variable.read',
  'resin.image_install.read',
  'resin.service.read',
  'resin.service_label.read',
  'resin.service_install.read',
  'resin.application_tag.read',
  'resin.device_tag.read',
  'resin.application_environment_variable.read',
  'resin.application_config_variable.read',
  'resin.build_environment_variable.read',
  'resin.service_environment_variable.read',
  'resin.device_environment_variable.read',
  'resin.device_config_variable.read',
  'resin.device_service_environment_variable.read',
  'resin.user_application_membership.read',
  'resin.team_application_access.read',
  'resin.application_invite.read',
] as const;

const SAFE_OPERATOR = [
  ...FLEET_READ,
  'resin.api_key.all',
  'resin.device.create',
  'resin.device.update',
  'resin.device.access_diagnostics',
  'resin.device.ssh',
  'resin.device.ssh-host',
  'resin.device.actions-proxy-hup',
  'resin.device_environment_variable.all',
  'resin.device_service_environment_variable.all',
  'resin.device_tag.all',
  'resin.device_config_variable.delete',
] as const;

const OPERATOR = [
  ...SAFE_OPERATOR,
  'resin.application.deactivate-device',
  'resin.device.delete',
  'resin.device.move',
  'resin.device_config_variable.all',
  'resin.device.supervisor-proxy-write',
  'resin.device.actions-proxy-supervisorupgrade',
] as const;

const SAFE_DEVELOPER = [
  ...OPERATOR.filter((p) => p !== 'resin.device.delete'),
  'resin.application.push',
  'resin.application_environment_variable.all',
  'resin.build_environment_variable.all',
  'resin.service_environment_variable.all',
  'resin.device_log.delete',
  'resin.user_application_membership.leave',
  'resin.release.create',
  'resin.release.update',
  'resin.release_tag.create',
  'resin.release_tag.update',
  'resin.release_asset.create',
  'resin.release_asset.update',
  'resin.release_image.create',
  'resin.image.create',
  'resin.image.update',
  'resin.image_label.create',
  'resin.image_environment_variable.create',
  'resin.service.create',
  'resin.service_label.all',
  'resin.team_application_access.all',
] as const;

const DEVELOPER = [
  ...SAFE_DEVELOPER,
  'resin.device.delete',
  'resin.application.update',
  'resin.release.all',
  'resin.release_tag.all',
  'resin.release_asset.all',
  'resin.release_image.all',
  'resin.image.all',
  'resin.image_label.all',
  'resin.image_environment_variable.all',
  'resin.service.all',
  'resin.application_config_variable.all',
  'resin.application_tag.all',
  'resin.user_application_membership.delete',
] as const;

const ADMINISTRATOR = [
  ...DEVELOPER,
  'resin.application.create',
  'resin.application.delete',
  'resin.application.transfer',
  'resin.application.change-type',
  'resin.user_application_membership.all',
  'resin.application_invite.all',
  'resin.organization.all',
  'resin.organization.access_billing',
  'resin.organization_membership.all',
  'resin.organization_membership_tag.all',
  'resin.organization_invite.all',
  'resin.team.all',
  'resin.team_application_access.all',
  'resin.team_membership.all',
] as const;

const ORGANIZATION_READ = [
  'resin.organization.read',
  'resin.organization_membership.read',
  'resin.organization_membership_tag.read',
  'resin.team.read',
  'resin.team_membership.read',
] as const;

export const ROLE_PERMISSIONS: Readonly<Record<RoleName, readonly string[]>> = {
  balena_admin: [
    ...FLEET_READ,
    ...ORGANIZATION_READ,
    'resin.device.access_diagnostics',
    'resin.device.ssh',
    'resin.device.ssh-host',
    'resin.organization.all',
    'resin.organization_membership.all',
  ],
  support_agent: [...FLEET_READ, 'resin.device.access_diagnostics', 'resin.device.ssh', 'resin.device.ssh-host'],
  administrator: [...ADMINISTRATOR, ...ORGANIZATION_READ],
  developer: DEVELOPER,
  'safe-developer': SAFE_DEVELOPER,
  operator: OPERATOR,
  'safe-operator': SAFE_OPERATOR,
  observer: FLEET_READ,
  member: [...FLEET_READ, ...ORGANIZATION_READ],
};

export function isRoleName(name: string): name is RoleName {
  return (ROLE_ORDER as readonly string[]).includes(name);
}

/** `resin.device.update` → `resin.device.all`; names without a verb stay as they are. */
export function allFormOf(permission: string): string {
  const i = permission.lastIndexOf('.');
  return i < 0 ? permission : `${permission.slice(0, i)}.all`;
}

/** True when `name` or its `.all` form is among the held permission names. */
export function hasPermission(held: Iterable<string>, name: string): boolean {
  const set = held instanceof Set ? (held as ReadonlySet<string>) : new Set(held);
  return set.has(name) || set.has(allFormOf(name));
}

/** All permission names granted by any of the roles. */
export function permissionsOf(roles: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const role of roles) if (isRoleName(role)) for (const p of ROLE_PERMISSIONS[role]) out.add(p);
  return out;
}

export function rolesHavePermission(roles: Iterable<string>, name: string): boolean {
  return hasPermission(permissionsOf(roles), name);
}

const rolesCache = new Map<string, RoleName[]>();
/** Roles (in ROLE_ORDER) that grant `name`; this list is what row rules compile into SQL. */
export function rolesWithPermission(name: string): RoleName[] {
  let roles = rolesCache.get(name);
  if (!roles) {
    roles = ROLE_ORDER.filter((role) => hasPermission(new Set(ROLE_PERMISSIONS[role]), name));
    rolesCache.set(name, roles);
  }
  return roles;
}

export interface StaffFlags {
  isAdmin?: boolean;
  isSupportAgent?: boolean;
}

/**
 * Sorted union of organization, fleet and team roles in the spec's order. With none, staff
 * flags give balena_admin / support_agent, else member.
 */
export function effectiveRoles(
  orgRoles: Iterable<string>,
  fleetRoles: Iterable<string>,
  teamRoles: Iterable<string>,
  staffFlags: StaffFlags = {},
): RoleName[] {
  const held = new Set<string>([...orgRoles, ...fleetRoles, ...teamRoles]);
  const roles = ROLE_ORDER.filter((r) => held.has(r));
  if (roles.length > 0) return roles;
  if (staffFlags.isAdmin) return ['balena_admin'];
  if (staffFlags.isSupportAgent) return ['support_agent'];
  return ['member'];
}

/** Observer-only: holds observer or member and none of developer, administrator, operator, support_agent. */
export function isObserverOnly(roles: Iterable<string>): boolean {
  const set = new Set(roles);
  const readOnly = set.has('observer') || set.has('member');
  const privileged = ['developer', 'administrator', 'operator', 'support_agent'].some((r) => set.has(r));
  return readOnly && !privileged;
}
