import '../fleet-teams-catalog.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '@flotilla/core/application-class';
import { notifySuccess } from '../../../lib/notify.ts';
import { useGrantTeamAccess } from '../api/fleet-teams.mutations.ts';
import { grantedTeamIdsQuery, organizationTeamsQuery } from '../api/fleet-teams.queries.ts';
import { teamsWithoutAccess } from '../fleet-team-rules.ts';
import { GrantFleetAccessDialog } from './GrantFleetAccessDialog.tsx';

/**
 * "Assign teams" / add-to-team from the fleet (fleets spec §2): one of the organization's teams
 * without access yet, with a fleet role; success says "Resource added to team" (§8).
 */
export function AddTeamAccessDialog({
  fleetId,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  onClose,
}: {
  fleetId: number;
  organizationId: number;
  applicationClass: ApplicationClass;
  isOrganizationAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleetTeams');
  const teams = useQuery(organizationTeamsQuery(organizationId));
  const granted = useQuery(grantedTeamIdsQuery(fleetId));
  const grant = useGrantTeamAccess(fleetId);
  return (
    <GrantFleetAccessDialog
      labels={{ title: t('add.title'), pick: t('add.team'), role: t('add.role'), submit: t('add.submit'), noneAvailable: teams.data?.length === 0 ? t('add.noTeams') : t('add.noneAvailable'), what: t('add.what') }}
      candidates={{
        data: teams.data && granted.data ? teamsWithoutAccess(teams.data, granted.data) : undefined,
        error: teams.error ?? granted.error,
        refetch: () => Promise.all([teams.refetch(), granted.refetch()]),
      }}
      organizationId={organizationId}
      applicationClass={applicationClass}
      isOrganizationAdmin={isOrganizationAdmin}
      busy={grant.isPending}
      error={grant.error}
      onSubmit={(teamId, role) =>
        grant.mutate(
          { teamId, role },
          {
            onSuccess: () => {
              notifySuccess(t('add.added'));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
