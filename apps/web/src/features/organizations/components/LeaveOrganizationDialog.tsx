import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLeaveOrganization } from '../api/organizations.mutations.ts';
import type { OrganizationDetail } from '../api/organizations.queries.ts';
import { organizationErrorText } from '../organization-errors.ts';

/** Leave: deletes the user's own membership; the API refuses for the last administrator. */
export function LeaveOrganizationDialog({
  organization,
  membershipId,
  onClose,
}: {
  organization: OrganizationDetail;
  membershipId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const mutation = useLeaveOrganization(organization.id, () => {
    notifySuccess(t('messages.left_organization', { name: organization.name }));
    onClose();
    void navigate({ to: '/orgs' });
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="leave-org-title">
      <DialogTitle id="leave-org-title">{t('leave.title')}</DialogTitle>
      <DialogContent>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {organizationErrorText(mutation.error)}
          </Alert>
        )}
        <DialogContentText>{t('leave.warning', { name: organization.name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button color="error" variant="contained" disabled={mutation.isPending} onClick={() => mutation.mutate(membershipId)} autoFocus>
          {t('leave.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
