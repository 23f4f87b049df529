import '../two-factor-catalog.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../lib/session.ts';
import { useCreateRecoveryCodes } from '../api/two-factor.mutations.ts';
import { isRecentlyAuthenticated } from '../hooks/use-session-token.ts';
import { ConfirmIdentityForm } from './ConfirmIdentityForm.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';
import { SetupKeyStep } from './SetupKeyStep.tsx';

type Step = 'identity' | 'scan' | 'codes';

/** Accounts spec §4: confirm identity → scan setup key → pairing code → recovery codes generated. */
export function EnableTwoFactorDialog({ account, onClose }: { account: string; onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const [step, setStep] = useState<Step>(() => (isRecentlyAuthenticated(getToken()) ? 'scan' : 'identity'));
  const codes = useCreateRecoveryCodes();

  const handleEnabled = () => {
    toast(t('tab.enabledSuccess'), { variant: 'success' });
    setStep('codes');
    codes.mutate();
  };

  const title = step === 'identity' ? t('tab.confirmIdentityTitle') : step === 'scan' ? t('tab.scanTitle') : t('tab.recoveryTitle');
  return (
    <Dialog open onClose={step === 'codes' ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="enable-2fa-title">
      <DialogTitle id="enable-2fa-title">{title}</DialogTitle>
      {step === 'identity' && <ConfirmIdentityForm onConfirmed={() => setStep('scan')} onCancel={onClose} />}
      {step === 'scan' && <SetupKeyStep account={account} onEnabled={handleEnabled} onCancel={onClose} />}
      {step === 'codes' && (
        <>
          <DialogContent>
            {codes.isError && <Alert severity="error">{codes.error.message}</Alert>}
            {codes.data && <RecoveryCodesView codes={codes.data} />}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} disabled={codes.isPending}>
              {t('tab.done')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
