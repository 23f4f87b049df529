import { useQuery } from '@tanstack/react-query';
import { ORGANIZATION_ROLES } from '@flotilla/core/roles';
import { PendingInviteList } from '../../../components/invites/PendingInviteList.tsx';
import { useRevokeInvite } from '../api/invites.mutations.ts';
import { pendingInvitesQuery } from '../api/invites.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';

/** Pending invites of the organization (email, role, invited date) with revoke; administrators only. */
export function PendingInvites({ orgId }: { orgId: number }) {
  const invites = useQuery(pendingInvitesQuery(orgId));
  const revoke = useRevokeInvite();
  return (
    <PendingInviteList
      namespace="members"
      tableId="org-invites"
      roleField="organization_membership_role"
      roles={ORGANIZATION_ROLES}
      roleOf={(invite) => invite.organization_membership_role[0]?.name}
      query={invites}
      revoke={revoke}
      errorMessage={memberErrorMessage}
    />
  );
}
