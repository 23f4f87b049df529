import { NAME_ALREADY_USED, validateTeamName } from '@flotilla/core/organization-rules';
import { badRequest, conflict, unauthorized } from '../lib/errors.ts';
import type { ResourceHooks, Values, WriteContext } from '../model/types.ts';
import { callerHoldsOrgPermission } from './caller-permission.ts';
import { rejectChanged, requiredId, resolveMemberUser } from './member-lookup.ts';
import { findFleetOrganization, findTeamOrganization, findTeamsOrganizations, isOrganizationMember, isTeamNameTaken } from './organization.repository.ts';

function requireTeamName(name: unknown): string {
  const error = validateTeamName(name);
  if (error) throw badRequest(error);
  return (name as string).trim();
}

/** The team's organization, after checking the caller holds `permission` there (else 401, as for any denied write). */
async function teamOrgFor(ctx: WriteContext, teamId: number, permission: string): Promise<number> {
  const org = await findTeamOrganization(ctx.db, teamId);
  if (org === undefined || !(await callerHoldsOrgPermission(ctx, permission, org))) throw unauthorized();
  return org;
}

/**
 * Teams (accounts §5): a name is required and unique in the organization case-insensitively.
 * The unique index `team_org_lower_name_key` is the guarantee; the hook answers first with the
 * same `"name" must be unique.` 409 as organizations, and only to callers who may create teams
 * there (anyone else gets the engine's 401 without learning which names exist).
 */
export const teamHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const name = requireTeamName(values.name);
    const org = requiredId(values, 'belongs_to__organization', 'team');
    if ((await callerHoldsOrgPermission(ctx, 'resin.team.create', org)) && (await isTeamNameTaken(ctx.db, org, name))) throw conflict(NAME_ALREADY_USED);
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
 * Team memberships: `username` (balena-sdk team.membership.create) or `user`; the member must
 * belong to the team's organization (accounts §6: teams group organization members).
 */
export const teamMembershipHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const teamId = requiredId(values, 'is_member_of__team', 'team_membership');
    const org = await teamOrgFor(ctx, teamId, 'resin.team_membership.create');
    const user = await resolveMemberUser(ctx.db, values, 'team_membership');
    if (!(await isOrganizationMember(ctx.db, user, org))) throw badRequest("The user must be a member of the team's organization before joining one of its teams");
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
 * resin.team_application_access.create on the team's organization, only to fleets of that
 * same organization. A fleet-level role alone cannot grant (it could hand a team, its own
 * included, a higher role than the granter's).
 */
export const teamApplicationAccessHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const teamId = requiredId(values, 'team', 'team_application_access');
    const fleetId = requiredId(values, 'grants_access_to__application', 'team_application_access');
    const org = await teamOrgFor(ctx, teamId, 'resin.team_application_access.create');
    if ((await findFleetOrganization(ctx.db, fleetId)) !== org) throw badRequest("A team can only be given access to fleets of the team's organization");
    return values;
  },
  beforeUpdate(patch: Values) {
    rejectChanged(patch, ['team', 'grants_access_to__application'], 'team_application_access');
    return patch;
  },
};
