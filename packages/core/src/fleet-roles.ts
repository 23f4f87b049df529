/**
 * Which fleet roles may be given on an application (fleets spec §6 "Fleet roles" and "Other":
 * "Member role options depend on whether the organization is paid and on a safe-roles feature";
 * "Limited roles are a paid preview add-on"; "Operator roles apply to fleets only"). Written once
 * for the dashboard's role pickers (fleet members, invites, team access).
 */
import type { ApplicationClass } from './application-class.ts';
import { FLEET_ROLES, LIMITED_ROLES, type FleetRoleName } from './roles.ts';

/** The spec's words for a limited role the organization cannot use (fleets spec §6). */
export const LIMITED_ROLE_PAID_ONLY = 'Access role only available for paid users';

/** The plan feature that turns the limited roles on (seeded as a plan feature of pilot and up). */
export const SAFE_ROLES_FEATURE = 'safe-roles-preview-addon';

/** Operator roles apply to fleets only (fleets spec §6). */
export const OPERATOR_ROLES: readonly FleetRoleName[] = ['operator', 'safe-operator'];

/** The organization's plan as far as role options care: its billing code and feature slugs. */
export interface PlanForRoles {
  billingCode: string;
  featureSlugs: readonly string[];
}

/** A paid plan (anything but free) that includes the safe-roles feature. No subscription: free. */
export function planAllowsLimitedRoles(plan: PlanForRoles | null): boolean {
  return plan !== null && plan.billingCode !== 'free' && plan.featureSlugs.includes(SAFE_ROLES_FEATURE);
}

export interface FleetRoleOption {
  role: FleetRoleName;
  /** False: shown, but not selectable (a limited role without the paid add-on). */
  isAvailable: boolean;
}

/** The roles a picker offers for one application, strongest first. */
export function fleetRoleOptions(applicationClass: ApplicationClass, hasLimitedRoles: boolean): FleetRoleOption[] {
  return FLEET_ROLES.filter((role) => applicationClass === 'fleet' || !OPERATOR_ROLES.includes(role)).map((role) => ({
    role,
    isAvailable: hasLimitedRoles || !LIMITED_ROLES.includes(role),
  }));
}

/** Whether `role` may be given on an application of this class with this plan. */
export function isFleetRoleAllowed(role: string, applicationClass: ApplicationClass, hasLimitedRoles: boolean): boolean {
  return fleetRoleOptions(applicationClass, hasLimitedRoles).some((option) => option.role === role && option.isAvailable);
}

/** The API's refusal when an operator role is given on an app or a block (fleets spec §6). */
export const OPERATOR_ROLE_FLEETS_ONLY = 'Operator roles apply to fleets only';

/**
 * Why the API refuses to give `role` on an application of this class, or null when it may. Only
 * the fleet roles with a class or plan condition are refused here; any other role name is left
 * to the role table (an unknown id fails as a reference).
 */
export function fleetRoleRefusal(role: string, applicationClass: ApplicationClass, hasLimitedRoles: boolean): string | null {
  if ((OPERATOR_ROLES as readonly string[]).includes(role) && applicationClass !== 'fleet') return OPERATOR_ROLE_FLEETS_ONLY;
  if ((LIMITED_ROLES as readonly string[]).includes(role) && !hasLimitedRoles) return LIMITED_ROLE_PAID_ONLY;
  return null;
}
