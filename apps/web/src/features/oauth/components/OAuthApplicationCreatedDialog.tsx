import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { CreatedOAuthApplication } from '@flotilla/core/schemas/oauth';
import { CopyField } from '../../../components/CopyField.tsx';

/** The new application's client id and secret: the secret is shown this once (stored hashed). */
export function OAuthApplicationCreatedDialog({ created, onClose }: { created: CreatedOAuthApplication; onClose: () => void }) {
  const { t } = useTranslation('oauth');
  const consentUrl = `${window.location.origin}/login/oauth/${encodeURIComponent(created.client_id)}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="oauth-app-created-title">
      <DialogTitle id="oauth-app-created-title">{t('applications.createdTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('applications.createdWarning')}
        </Alert>
        <Stack spacing={2}>
          <CopyField label={t('applications.clientId')} value={created.client_id} />
          <CopyField label={t('applications.clientSecret')} value={created.client_secret} />
          <CopyField label={t('applications.consentUrl')} value={consentUrl} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('applications.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
