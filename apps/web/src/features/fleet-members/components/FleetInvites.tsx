import { useQuery } from '@tanstack/react-query';
import { FLEET_ROLES } from '@flotilla/core/roles';
import { PendingInviteList } from '../../../components/invites/PendingInviteList.tsx';
import { useRevokeFleetInvite } from '../api/fleet-members.mutations.ts';
import { fleetInvitesQuery } from '../api/fleet-members.queries.ts';
import { fleetMemberErrorMessage } from '../fleet-member-errors.ts';

/** Pending invites of the fleet (fleets spec §2 "List of pending invites with revoke"): revoke for administrators. */
export function FleetInvites({ fleetId, canRevoke }: { fleetId: number; canRevoke: boolean }) {
  const invites = useQuery(fleetInvitesQuery(fleetId));
  const revoke = useRevokeFleetInvite();
  return (
    <PendingInviteList
      namespace="fleetMembers"
      tableId="fleet-invites"
      roleField="application_membership_role"
      roles={FLEET_ROLES}
      roleOf={(invite) => invite.application_membership_role[0]?.name}
      query={invites}
      revoke={canRevoke ? revoke : undefined}
      errorMessage={fleetMemberErrorMessage}
    />
  );
}
