import { fleetScoped } from '../model/access/fleet-scoped.ts';
import { orgScoped } from '../model/access/org-rules.ts';
import { column } from '../model/access/rule-builders.ts';
import type { PermissionRules } from '../model/types.ts';

/**
 * Who may list, create and revoke invites (the engine checks the create rule on the candidate
 * row before the create hook reveals anything about the invitee).
 * Organization invites: `resin.organization_invite.*`, held only by organization administrators
 * (members and outsiders get nothing). Fleet invites: `resin.application_invite.*` — every fleet
 * role reads them, fleet administrators (and organization administrators) write them.
 */
export const organizationInvitePermissions: PermissionRules = orgScoped('organization_invite', column('is_invited_to__organization'));

export const applicationInvitePermissions: PermissionRules = fleetScoped({
  resource: 'application_invite',
  fleetOf: column('is_invited_to__application'),
  deviceReadsFleet: false,
});
