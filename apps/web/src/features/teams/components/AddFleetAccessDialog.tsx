import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { GrantFleetAccessDialog } from '../../fleet-teams/components/GrantFleetAccessDialog.tsx';
import { useGrantFleetAccess } from '../api/teams.mutations.ts';
import { organizationFleetsQuery, type TeamApplicationAccess } from '../api/teams.queries.ts';

/**
 * Grants the team access to one of the organization's fleets it cannot reach yet, with a fleet
 * role (fleets spec §6; POST team_application_access, §7 "Memberships and teams"). Managing teams
 * is the organization administrators' (accounts spec §6), so the role picker speaks to one.
 */
export function AddFleetAccessDialog({
  orgId,
  teamId,
  granted,
  onClose,
}: {
  orgId: number;
  teamId: number;
  granted: readonly TeamApplicationAccess[];
  onClose: () => void;
}) {
  const { t } = useTranslation('teams');
  const fleets = useQuery(organizationFleetsQuery(orgId));
  const grantedIds = new Set(granted.map((access) => access.application.id));
  const grant = useGrantFleetAccess(teamId);
  return (
    <GrantFleetAccessDialog
      labels={{ title: t('addFleet.title'), pick: t('addFleet.fleet'), role: t('addFleet.role'), submit: t('addFleet.submit'), noneAvailable: fleets.data?.length === 0 ? t('addFleet.noFleets') : t('addFleet.noneAvailable'), what: t('addFleet.what') }}
      candidates={{
        data: fleets.data?.filter((fleet) => !grantedIds.has(fleet.id)).map((fleet) => ({ id: fleet.id, name: fleet.app_name })),
        error: fleets.error,
        refetch: fleets.refetch,
      }}
      organizationId={orgId}
      applicationClass="fleet"
      isOrganizationAdmin
      busy={grant.isPending}
      error={grant.error}
      onSubmit={(fleetId, role) =>
        grant.mutate(
          { fleetId, role },
          {
            onSuccess: () => {
              notifySuccess(t('fleets.accessAdded', { fleet: fleets.data?.find((fleet) => fleet.id === fleetId)?.app_name ?? '' }));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
