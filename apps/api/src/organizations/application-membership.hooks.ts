import { DEFAULT_FLEET_ROLE } from '@flotilla/core/roles';
import type { ResourceHooks, Values } from '../model/types.ts';
import { rejectChanged, requiredId, resolveMemberUser } from './member-lookup.ts';
import { assertFleetRoleAllowed, assertFleetRoleAllowedOnRows } from './fleet-role-rules.ts';
import { findApplicationRoleId } from './organization.repository.ts';

export { FLEET_MEMBER_NOT_IN_ORGANIZATION } from './membership-messages.ts';

/**
 * Fleet memberships (fleets spec §7 "Membership create | application, username, roleName"):
 * `username` or `user`; the role defaults to developer (fleets §6) when the SDK sends none.
 * The engine has already checked that the caller may add members to the fleet; that the
 * member belongs to the fleet's organization is the `user` field's reference rule.
 */
export const applicationMembershipHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    requiredId(values, 'is_member_of__application', 'user_application_membership');
    const user = await resolveMemberUser(ctx.db, values, 'user_application_membership');
    const { username: _consumed, ...rest } = values;
    const role = rest.application_membership_role ?? (await findApplicationRoleId(ctx.db, DEFAULT_FLEET_ROLE));
    // Fleets spec §6: operator roles on fleets only, limited roles with the paid add-on.
    await assertFleetRoleAllowed(ctx.db, rest.is_member_of__application, role);
    return { ...rest, user, application_membership_role: role };
  },
  async beforeUpdate(patch: Values, ids, ctx) {
    rejectChanged(patch, ['user', 'is_member_of__application'], 'user_application_membership');
    await assertFleetRoleAllowedOnRows(ctx.db, 'user_application_membership', ids, patch.application_membership_role);
    return patch;
  },
};
