import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { setupKeyQuery } from '../api/two-factor.queries.ts';
import { useEnableTwoFactor } from '../api/two-factor.mutations.ts';
import { setupKeyUri } from '../setup-key.ts';

/** Scan the setup key (QR or text), then the pairing code enables 2FA and yields a new token. */
export function SetupKeyStep({ account, onEnabled, onCancel }: { account: string; onEnabled: () => void; onCancel: () => void }) {
  const { t } = useTranslation('twoFactor');
  const setupKey = useQuery(setupKeyQuery);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const enable = useEnableTwoFactor();

  useEffect(() => {
    if (!setupKey.data) return;
    let alive = true;
    void QRCode.toDataURL(setupKeyUri(setupKey.data, account), { margin: 1, width: 200 }).then((url) => {
      if (alive) setQr(url);
    });
    return () => {
      alive = false;
    };
  }, [setupKey.data, account]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setFieldError(t('tab.codeFormat'));
      return;
    }
    setFieldError(null);
    enable.mutate(code, { onSuccess: onEnabled });
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t('tab.scanIntro')}</Typography>
          {setupKey.isError && <Alert severity="error">{setupKey.error.message}</Alert>}
          {qr && <Box component="img" src={qr} alt={t('tab.qrAlt')} sx={{ width: 200, height: 200, alignSelf: 'center' }} />}
          {setupKey.data && (
            <TextField label={t('tab.setupKey')} value={setupKey.data} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'setup-key' } }} />
          )}
          <Typography variant="body2">{t('tab.pairingIntro')}</Typography>
          {enable.isError && <Alert severity="error">{enable.error.message}</Alert>}
          <TextField
            label={t('tab.pairingCode')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            required
            autoComplete="one-time-code"
            error={fieldError !== null}
            helperText={fieldError}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('tab.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!setupKey.data || enable.isPending}>
          {t('tab.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}
