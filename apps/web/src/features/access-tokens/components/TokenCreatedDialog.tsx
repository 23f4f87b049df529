import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';

function download(key: string): void {
  const url = URL.createObjectURL(new Blob([key], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'access-token.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Accounts spec §4: a key is displayed once, then downloadable; closing forgets it. */
export function TokenCreatedDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="token-created-title">
      <DialogTitle id="token-created-title">{t('accessTokens.createdTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('accessTokens.createdWarning')}
        </Alert>
        <TextField
          label={t('accessTokens.tokenLabel')}
          value={token}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(token).then(() => notifySuccess(t('accessTokens.copied')), () => undefined)}>
          {t('accessTokens.copy')}
        </Button>
        <Button onClick={() => download(token)}>{t('accessTokens.download')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('accessTokens.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
