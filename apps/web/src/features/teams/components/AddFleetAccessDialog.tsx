import { useId, useMemo, useState } from 'react';
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
import { DEFAULT_FLEET_ROLE, type FleetRoleName } from '@flotilla/core/roles';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useGrantFleetAccess } from '../api/teams.mutations.ts';
import { organizationFleetsQuery, type TeamApplicationAccess } from '../api/teams.queries.ts';
import { FleetRoleSelect } from './FleetRoleSelect.tsx';

/**
 * Grants the team access to one of the organization's fleets it cannot reach yet, with a fleet
 * role (fleets spec §6; POST team_application_access, §7 "Memberships and teams").
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
  const titleId = useId();
  const fleets = useQuery(organizationFleetsQuery(orgId));
  const candidates = useMemo(() => {
    const grantedIds = new Set(granted.map((a) => a.application.id));
    return (fleets.data ?? []).filter((fleet) => !grantedIds.has(fleet.id));
  }, [fleets.data, granted]);
  const [fleetId, setFleetId] = useState('');
  const [role, setRole] = useState<FleetRoleName>(DEFAULT_FLEET_ROLE);

  const grant = useGrantFleetAccess(teamId);
  const submit = () => {
    const fleet = candidates.find((f) => String(f.id) === fleetId);
    grant.mutate(
      { fleetId: Number(fleetId), role },
      {
        onSuccess: () => {
          notifySuccess(t('fleets.accessAdded', { fleet: fleet?.app_name ?? '' }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={grant.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (fleetId !== '' && !grant.isPending) submit();
        }}
      >
        <DialogTitle id={titleId}>{t('addFleet.title')}</DialogTitle>
        <DialogContent>
          {fleets.isPending ? (
            <PageLoading />
          ) : candidates.length === 0 ? (
            <Alert severity="info">{t('addFleet.noneAvailable')}</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField select required label={t('addFleet.fleet')} value={fleetId} onChange={(event) => setFleetId(event.target.value)}>
                {candidates.map((fleet) => (
                  <MenuItem key={fleet.id} value={String(fleet.id)}>
                    {fleet.app_name}
                  </MenuItem>
                ))}
              </TextField>
              <FleetRoleSelect label={t('addFleet.role')} value={role} onChange={setRole} withHelp />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={grant.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={fleetId === '' || grant.isPending}>
            {t('addFleet.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
