import { NAME_ALREADY_USED, validateTeamName } from '@flotilla/core/organization-rules';
import { badRequest, conflict } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import { rejectChanged, requiredId, resolveMemberUser } from './member-lookup.ts';
import { assertFleetRoleAllowed, assertFleetRoleAllowedOnRows } from './fleet-role-rules.ts';
import { findTeamsOrganizations, isTeamNameTaken } from './organization.repository.ts';

function requireTeamName(name: unknown): string {
  const error = validateTeamName(name);
  if (error) throw badRequest(error);
  return (name as string).trim();
}

/**
 * Teams (accounts §5): a name is required and unique in the organization case-insensitively.
 * The unique index `team_org_lower_name_key` is the guarantee; the hook answers first with the
 * same `"name" must be unique.` 409 as organizations, and only to callers who may create teams
 * there (the engine's pre-check answers anyone else 401 before this hook runs).
 */
export const teamHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const name = requireTeamName(values.name);
    const org = requiredId(values, 'belongs_to__organization', 'team');
    if (await isTeamNameTaken(ctx.db, org, name)) throw conflict(NAME_ALREADY_USED);
    return { ...values, name };
  },
  async beforeUpdate(patch: Values, ids: number[], ctx) {
    rejectChanged(patch, ['belongs_to__organization'], 'team');
    if (!('name' in patch)) return patch;
    const name = requireTeamName(patch.name);
    for (const { id, org } of await findTeamsOrganizations(ctx.db, ids)) {
      if (await isTeamNameTaken(ctx.db, org, name, id)) throw conflict(NAME_ALREADY_USED);
    }
    return { ...patch, name };
  },
};

/**
 * Team memberships: `username` (balena-sdk team.membership.create) or `user`. The engine has
 * checked that the caller may add members to the team; that the member belongs to the team's
 * organization (accounts §6: teams group organization members) is the `user` field's
 * reference rule.
 */
export const teamMembershipHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    requiredId(values, 'is_member_of__team', 'team_membership');
    const user = await resolveMemberUser(ctx.db, values, 'team_membership');
    const { username: _consumed, ...rest } = values;
    return { ...rest, user };
  },
  beforeUpdate(patch: Values) {
    rejectChanged(patch, ['user', 'is_member_of__team'], 'team_membership');
    return patch;
  },
};

/**
 * Team access to a fleet (fleets spec §7, accounts §6): granted by whoever holds
 * resin.team_application_access.create on the team's organization (the create rule), only to
 * fleets of that same organization (the fleet field's reference rule). A fleet-level role
 * alone cannot grant (it could hand a team, its own included, a higher role than the granter's).
 */
export const teamApplicationAccessHooks: ResourceHooks = {
  // Fleets spec §6: operator roles on fleets only, limited roles with the paid add-on.
  async beforeCreate(values: Values, ctx) {
    await assertFleetRoleAllowed(ctx.db, values.grants_access_to__application, values.application_membership_role);
    return values;
  },
  async beforeUpdate(patch: Values, ids, ctx) {
    rejectChanged(patch, ['team', 'grants_access_to__application'], 'team_application_access');
    await assertFleetRoleAllowedOnRows(ctx.db, 'team_application_access', ids, patch.application_membership_role);
    return patch;
  },
};
