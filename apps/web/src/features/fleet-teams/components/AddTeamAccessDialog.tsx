import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '@flotilla/core/application-class';
import { DEFAULT_FLEET_ROLE, type FleetRoleName } from '@flotilla/core/roles';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { fleetRoleIdsQuery, limitedRolesQuery } from '../../fleet-members/api/fleet-members.queries.ts';
import { FleetRolePicker } from '../../fleet-members/components/FleetRolePicker.tsx';
import { useGrantTeamAccess } from '../api/fleet-teams.mutations.ts';
import { grantedTeamIdsQuery, organizationTeamsQuery } from '../api/fleet-teams.queries.ts';
import { teamsWithoutAccess } from '../fleet-team-rules.ts';

/**
 * "Assign teams" / add-to-team (fleets spec §2, §7 "POST team_application_access: team,
 * grants_access_to__application, application_membership_role"): one of the organization's
 * teams without access yet, with a fleet role; success says "Resource added to team" (§8).
 */
export function AddTeamAccessDialog({
  fleetId,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  onClose,
}: {
  fleetId: number;
  fleetName: string;
  organizationId: number;
  applicationClass: ApplicationClass;
  isOrganizationAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleetTeams');
  const titleId = useId();
  const teams = useQuery(organizationTeamsQuery(organizationId));
  const granted = useQuery(grantedTeamIdsQuery(fleetId));
  const roleIds = useQuery(fleetRoleIdsQuery);
  const limitedRoles = useQuery(limitedRolesQuery(organizationId));
  const candidates = teams.data && granted.data ? teamsWithoutAccess(teams.data, granted.data) : null;
  const [teamId, setTeamId] = useState('');
  const [role, setRole] = useState<FleetRoleName>(DEFAULT_FLEET_ROLE);
  const grant = useGrantTeamAccess(fleetId);
  const submit = () =>
    grant.mutate(
      { teamId: Number(teamId), role },
      {
        onSuccess: () => {
          notifySuccess(t('add.added'));
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={grant.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (teamId !== '' && !grant.isPending) submit();
        }}
      >
        <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
        <DialogContent>
          {grant.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {cleanErrorText(grant.error.message)}
            </Alert>
          )}
          {teams.error || granted.error ? (
            <Alert severity="error">{cleanErrorText((teams.error ?? granted.error)?.message ?? '')}</Alert>
          ) : candidates === null ? (
            <LoadingState />
          ) : candidates.length === 0 ? (
            <Alert severity="info">{t('add.noneAvailable')}</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField select required label={t('add.team')} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
                {candidates.map((team) => (
                  <MenuItem key={team.id} value={String(team.id)}>
                    {team.name}
                  </MenuItem>
                ))}
              </TextField>
              <FleetRolePicker
                applicationClass={applicationClass}
                hasLimitedRoles={limitedRoles.data === true}
                isOrganizationAdmin={isOrganizationAdmin}
                label={t('add.role')}
                value={role}
                onChange={setRole}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={grant.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={teamId === '' || grant.isPending || !roleIds.data}>
            {t('add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
