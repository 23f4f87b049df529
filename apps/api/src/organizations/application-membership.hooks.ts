import { DEFAULT_FLEET_ROLE } from '@flotilla/core/roles';
import { badRequest, unauthorized } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import { callerHoldsFleetPermission } from './caller-permission.ts';
import { rejectChanged, requiredId, resolveMemberUser } from './member-lookup.ts';
import { findApplicationRoleId, findFleetOrganization, isOrganizationMember } from './organization.repository.ts';

/** balena's own wording, which balena-sdk application.membership.create also throws client-side. */
export const FLEET_MEMBER_NOT_IN_ORGANIZATION =
  'It is necessary that each user (Auth) that is member of an application that has an organization, is member of the organization';

/**
 * Fleet memberships (fleets spec §7 "Membership create | application, username, roleName"):
 * `username` or `user`; the role defaults to developer (fleets §6) when the SDK sends none;
 * the member must already belong to the fleet's organization.
 */
export const applicationMembershipHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const fleetId = requiredId(values, 'is_member_of__application', 'user_application_membership');
    if (!(await callerHoldsFleetPermission(ctx, 'resin.user_application_membership.create', fleetId))) throw unauthorized();
    const user = await resolveMemberUser(ctx.db, values, 'user_application_membership');
    const org = await findFleetOrganization(ctx.db, fleetId);
    if (org === undefined || !(await isOrganizationMember(ctx.db, user, org))) throw badRequest(FLEET_MEMBER_NOT_IN_ORGANIZATION);
    const { username: _consumed, ...rest } = values;
    const role = rest.application_membership_role ?? (await findApplicationRoleId(ctx.db, DEFAULT_FLEET_ROLE));
    return { ...rest, user, application_membership_role: role };
  },
  beforeUpdate(patch: Values) {
    rejectChanged(patch, ['user', 'is_member_of__application'], 'user_application_membership');
    return patch;
  },
};
