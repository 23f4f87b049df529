import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_ROLES, type OrganizationRoleName } from '@flotilla/core/roles';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeMemberRoles } from '../api/members.mutations.ts';
import { organizationRoleIdsQuery } from '../api/members.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';

/**
 * Change the organization role (administrator or member) of the selected members. The PATCHes
 * go one at a time (accounts spec §9 "Role changes concurrency 1", see changeMemberRoles).
 */
export function ChangeRoleDialog({ memberIds, initialRole, includesEveryAdmin, onClose, onChanged }: {
  memberIds: readonly number[];
  initialRole: OrganizationRoleName;
  /** The selection holds every administrator: making them all members would leave none (accounts spec §6). */
  includesEveryAdmin: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('members');
  const titleId = useId();
  // Read ahead so a submit finds the role ids cached; the write reads them itself if this read
  // failed (members.mutations.ts), and a failure then shows as the write's error, not a silently disabled button.
  useQuery(organizationRoleIdsQuery);
  const [role, setRole] = useState<OrganizationRoleName>(initialRole);
  const mutation = useChangeMemberRoles();
  const leavesNoAdmin = includesEveryAdmin && role !== 'administrator';
  const submit = () =>
    mutation.mutate(
      { memberIds, role },
      {
        onSuccess: () => {
          notifySuccess(t('changeRole.changed', { count: memberIds.length }));
          onChanged();
        },
      },
    );

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('changeRole.title')}</DialogTitle>
      <DialogContent>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {memberErrorMessage(mutation.error, t)}
          </Alert>
        )}
        <DialogContentText>{t('changeRole.intro', { count: memberIds.length })}</DialogContentText>
        <RadioGroup aria-label={t('changeRole.roleLabel')} value={role} onChange={(event) => setRole(event.target.value as OrganizationRoleName)}>
          {ORGANIZATION_ROLES.map((name) => (
            <FormControlLabel key={name} value={name} control={<Radio />} label={t(`roles.${name}`)} />
          ))}
        </RadioGroup>
        {leavesNoAdmin && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('changeRole.lastAdmin')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" disabled={mutation.isPending || leavesNoAdmin} onClick={submit}>
          {t('changeRole.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
