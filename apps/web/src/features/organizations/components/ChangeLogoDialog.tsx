import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeOrganizationLogo } from '../api/organizations.mutations.ts';
import type { OrganizationDetail } from '../api/organizations.queries.ts';
import { organizationErrorText } from '../organization-errors.ts';
import { EMPTY_LOGO, LogoPicker, type LogoValue } from './LogoPicker.tsx';

/** Change logo (accounts spec §5 logo rule; success message updated_organization_logo). */
export function ChangeLogoDialog({ organization, onClose }: { organization: OrganizationDetail; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const [logo, setLogo] = useState<LogoValue>(EMPTY_LOGO);
  const mutation = useChangeOrganizationLogo(organization.id);
  const save = (dataUrl: string) =>
    mutation.mutate(dataUrl, {
      onSuccess: () => {
        notifySuccess(t('messages.updated_organization_logo'));
        onClose();
      },
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-logo-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (logo.dataUrl) save(logo.dataUrl);
        }}
      >
        <DialogTitle id="change-logo-title">{t('changeLogo.title')}</DialogTitle>
        <DialogContent>
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {organizationErrorText(mutation.error)}
            </Alert>
          )}
          <LogoPicker label={t('summary.logo')} value={logo} onChange={setLogo} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!logo.dataUrl || mutation.isPending}>
            {t('changeLogo.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
