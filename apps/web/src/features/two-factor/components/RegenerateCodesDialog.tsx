import '../two-factor-catalog.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../lib/session.ts';
import { useCreateRecoveryCodes } from '../api/two-factor.mutations.ts';
import { isRecentlyAuthenticated } from '../hooks/use-session-token.ts';
import { ConfirmIdentityForm } from './ConfirmIdentityForm.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

/** Accounts spec §4: regenerating needs confirmation and invalidates the old codes. */
export function RegenerateCodesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const [step, setStep] = useState<'confirm' | 'identity' | 'codes'>('confirm');
  const mutation = useCreateRecoveryCodes();
  const regenerate = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast(t('tab.regeneratedSuccess'), { variant: 'success' });
        setStep('codes');
      },
    });
  const handleConfirm = () => {
    if (isRecentlyAuthenticated(getToken())) regenerate();
    else setStep('identity');
  };
  return (
    // The new codes are shown once (the old ones no longer work): only Done closes them.
    <Dialog open onClose={step === 'codes' ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="regenerate-title">
      <DialogTitle id="regenerate-title">{step === 'identity' ? t('tab.confirmIdentityTitle') : t('tab.regenerateTitle')}</DialogTitle>
      {step === 'identity' ? (
        <ConfirmIdentityForm
          onConfirmed={() => {
            setStep('confirm');
            regenerate();
          }}
          onCancel={onClose}
        />
      ) : (
        <>
          <DialogContent>
            {mutation.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {mutation.error.message}
              </Alert>
            )}
            {step === 'codes' && mutation.data ? (
              <RecoveryCodesView codes={mutation.data} />
            ) : (
              <DialogContentText>{t('tab.regenerateWarning')}</DialogContentText>
            )}
          </DialogContent>
          <DialogActions>
            {step === 'codes' ? (
              <Button variant="contained" onClick={onClose}>
                {t('tab.done')}
              </Button>
            ) : (
              <>
                {/* The least destructive choice has the initial focus: Enter right away keeps the old codes. */}
                <Button onClick={onClose} autoFocus>
                  {t('tab.cancel')}
                </Button>
                <Button variant="contained" onClick={handleConfirm} disabled={mutation.isPending}>
                  {t('tab.confirm')}
                </Button>
              </>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
