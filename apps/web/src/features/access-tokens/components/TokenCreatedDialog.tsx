import '../../preferences/preferences-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { saveText } from '../../../lib/save-file.ts';

const download = (key: string, fileName: string) => saveText(fileName, key);

/** Wording of the dialog for another kind of key (the fleet's provisioning keys reuse it). */
export interface KeyCreatedTexts {
  title: string;
  warning: string;
  label: string;
  copied: string;
  fileName: string;
}

/**
 * Accounts spec §4: a key is displayed once, then downloadable; closing forgets it. So only
 * Done closes it: Escape or a tap beside it (easy on a phone) would lose the key, as with the
 * recovery codes (EnableTwoFactorDialog).
 */
export function TokenCreatedDialog({ token, onClose, texts }: { token: string; onClose: () => void; texts?: KeyCreatedTexts }) {
  const { t } = useTranslation('preferences');
  const text = texts ?? {
    title: t('accessTokens.createdTitle'),
    warning: t('accessTokens.createdWarning'),
    label: t('accessTokens.tokenLabel'),
    copied: t('accessTokens.copied'),
    fileName: 'access-token.txt',
  };
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="token-created-title">
      <DialogTitle id="token-created-title">{text.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {text.warning}
        </Alert>
        <TextField
          label={text.label}
          value={token}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(token).then(() => notifySuccess(text.copied), () => undefined)}>
          {t('accessTokens.copy')}
        </Button>
        <Button onClick={() => download(token, text.fileName)}>{t('accessTokens.download')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('accessTokens.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
