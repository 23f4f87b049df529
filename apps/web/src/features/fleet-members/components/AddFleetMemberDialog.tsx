import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '@flotilla/core/application-class';
import { DEFAULT_FLEET_ROLE, type FleetRoleName } from '@flotilla/core/roles';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddFleetMember } from '../api/fleet-members.mutations.ts';
import { fleetMemberUsernamesQuery, fleetRoleIdsQuery, organizationMembersQuery } from '../api/fleet-members.queries.ts';
import { fleetMemberErrorMessage, isInviteeFieldError } from '../fleet-member-errors.ts';
import { classifyInvitee, pickableMembers } from '../fleet-member-rules.ts';
import { useLimitedRoles } from '../hooks/use-limited-roles.ts';
import { PlanRolePicker } from './FleetRolePicker.tsx';

/**
 * Add member (fleets spec §2 "Paged table with add-member and invite", §5 "Invitee"): a value
 * that passes the email check sends an invite (with an optional message); any other value is a
 * username and becomes a membership at once; an organization member not yet in the fleet can be
 * picked instead. The role defaults to developer (§6).
 */
export function AddFleetMemberDialog({
  fleetId,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  canInvite,
  onClose,
}: {
  fleetId: number;
  organizationId: number;
  applicationClass: ApplicationClass;
  isOrganizationAdmin: boolean;
  canInvite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleetMembers');
  const titleId = useId();
  const [value, setValue] = useState('');
  const [role, setRole] = useState<FleetRoleName>(DEFAULT_FLEET_ROLE);
  const [message, setMessage] = useState('');
  const [isTouched, setTouched] = useState(false);
  // Read ahead so a submit finds the role ids cached; the write reads them itself if this read
  // failed (fleetRoleId), and a failure then shows as the write's error, not a silently disabled button.
  useQuery(fleetRoleIdsQuery);
  const plan = useLimitedRoles(organizationId);
  const organizationMembers = useQuery(organizationMembersQuery(organizationId));
  const fleetUsernames = useQuery(fleetMemberUsernamesQuery(fleetId));
  const pickable = organizationMembers.data && fleetUsernames.data ? pickableMembers(organizationMembers.data, fleetUsernames.data) : [];
  const add = useAddFleetMember();
  const invitee = classifyInvitee(value);
  const isEmail = invitee.kind === 'email';
  const fieldError = add.isError && isInviteeFieldError(add.error) ? fleetMemberErrorMessage(add.error, t) : null;
  const requiredError = isTouched && invitee.kind === 'blank' ? t('add.inviteeRequired') : null;
  const helper =
    fieldError ??
    requiredError ??
    (invitee.kind === 'email' ? t('add.willInvite', { email: invitee.email }) : invitee.kind === 'username' ? t('add.willAdd', { username: invitee.username }) : ' ');
  const isBlocked = invitee.kind === 'blank' || (isEmail && !canInvite) || add.isPending || plan.hasLimitedRoles === undefined;

  const submit = () => {
    if (invitee.kind === 'blank') {
      setTouched(true);
      return;
    }
    const values =
      invitee.kind === 'email'
        ? ({ kind: 'email', fleetId, email: invitee.email, role, message } as const)
        : ({ kind: 'username', fleetId, username: invitee.username, role } as const);
    add.mutate(values, {
      onSuccess: () => {
        notifySuccess(invitee.kind === 'email' ? t('add.invited', { email: invitee.email }) : t('add.added', { username: invitee.username }));
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBlocked || invitee.kind === 'blank') submit();
        }}
      >
        <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
        <DialogContent>
          {add.isError && !isInviteeFieldError(add.error) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {fleetMemberErrorMessage(add.error, t)}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label={t('add.invitee')}
              required
              autoFocus
              autoComplete="off"
              value={value}
              error={Boolean(fieldError ?? requiredError)}
              helperText={helper}
              onBlur={() => setTouched(true)}
              onChange={(event) => {
                setValue(event.target.value);
                if (add.isError) add.reset();
              }}
            />
            {pickable.length > 0 ? (
              <TextField
                select
                label={t('add.pick')}
                value={pickable.some((m) => m.username === value.trim()) ? value.trim() : ''}
                onChange={(event) => {
                  setValue(event.target.value);
                  if (add.isError) add.reset();
                }}
              >
                {pickable.map((member) => (
                  <MenuItem key={member.userId} value={member.username}>
                    {member.username}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              organizationMembers.data &&
              fleetUsernames.data && (
                <Typography variant="body2" color="text.secondary">
                  {t('add.pickNone')}
                </Typography>
              )
            )}
            <PlanRolePicker
              plan={plan}
              applicationClass={applicationClass}
              isOrganizationAdmin={isOrganizationAdmin}
              label={t('add.role')}
              value={role}
              onChange={setRole}
            />
            {isEmail && <TextField label={t('add.message')} multiline minRows={3} value={message} onChange={(event) => setMessage(event.target.value)} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBlocked}>
            {isEmail ? t('add.submitInvite') : t('add.submitAdd')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
