import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteOrganization } from '../api/organizations.mutations.ts';
import type { OrganizationDetail } from '../api/organizations.queries.ts';
import { organizationErrorText } from '../organization-errors.ts';

/**
 * Delete, for the sole administrator (accounts spec §6): the user types the organization's name
 * to confirm, and pasting or dropping text into the field is blocked (fleets spec §2
 * "Confirmation dialogs"), as in ConfirmDialog. The API refuses (409) while the organization
 * still owns fleets; that text is shown.
 */
export function DeleteOrganizationDialog({ organization, onClose }: { organization: OrganizationDetail; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const mutation = useDeleteOrganization(organization.id, () => {
    notifySuccess(t('messages.organization_deleted_successfully'));
    onClose();
    void navigate({ to: '/orgs' });
  });
  const confirmed = typed === organization.name;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="delete-org-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) mutation.mutate();
        }}
      >
        <DialogTitle id="delete-org-title">{t('delete.title')}</DialogTitle>
        <DialogContent>
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {organizationErrorText(mutation.error)}
            </Alert>
          )}
          <DialogContentText sx={{ mb: 2 }}>{t('delete.warning', { name: organization.name })}</DialogContentText>
          <TextField
            label={t('delete.confirmLabel')}
            helperText={t('delete.typeName', { name: organization.name })}
            autoFocus
            fullWidth
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onPaste={(event) => event.preventDefault()}
            onDrop={(event) => event.preventDefault()}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', 'data-paste-blocked': 'true' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={!confirmed || mutation.isPending}>
            {t('delete.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
