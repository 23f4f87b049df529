import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '@flotilla/core/application-class';
import { DEFAULT_FLEET_ROLE, FLEET_ROLES, type FleetRoleName } from '@flotilla/core/roles';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeFleetMemberRole } from '../api/fleet-members.mutations.ts';
import { fleetRoleIdsQuery } from '../api/fleet-members.queries.ts';
import { fleetMemberErrorMessage } from '../fleet-member-errors.ts';
import { useLimitedRoles } from '../hooks/use-limited-roles.ts';
import { PlanRolePicker } from './FleetRolePicker.tsx';

const asFleetRole = (role: string): FleetRoleName => FLEET_ROLES.find((r) => r === role) ?? DEFAULT_FLEET_ROLE;

/** Change a fleet member's role (fleets spec §7 "Membership change role"; administrators only, §6). */
export function ChangeFleetRoleDialog({
  membershipId,
  username,
  currentRole,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  onClose,
}: {
  membershipId: number;
  username: string;
  currentRole: string;
  organizationId: number;
  applicationClass: ApplicationClass;
  isOrganizationAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleetMembers');
  const titleId = useId();
  // Read ahead so a submit finds the role ids cached; the write reads them itself if this read
  // failed (fleetRoleId), and a failure then shows as the write's error, not a silently disabled button.
  useQuery(fleetRoleIdsQuery);
  const plan = useLimitedRoles(organizationId);
  const [role, setRole] = useState<FleetRoleName>(asFleetRole(currentRole));
  const change = useChangeFleetMemberRole();
  const submit = () =>
    change.mutate(
      { membershipId, role },
      {
        onSuccess: () => {
          notifySuccess(t('changeRole.changed', { username, role: t(`roles.${role}`) }));
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('changeRole.title')}</DialogTitle>
      <DialogContent>
        {change.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {fleetMemberErrorMessage(change.error, t)}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>{t('changeRole.intro', { username })}</DialogContentText>
        <Stack spacing={2}>
          <PlanRolePicker
            plan={plan}
            applicationClass={applicationClass}
            isOrganizationAdmin={isOrganizationAdmin}
            label={t('add.role')}
            value={role}
            onChange={setRole}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" disabled={change.isPending || plan.hasLimitedRoles === undefined || role === currentRole} onClick={submit}>
          {t('changeRole.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
