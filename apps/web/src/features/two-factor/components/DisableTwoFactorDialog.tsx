import '../two-factor-catalog.ts';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor } from '../api/two-factor.mutations.ts';
import { PasswordTokenForm } from './PasswordTokenForm.tsx';

/** Accounts spec §4: disabling two-factor needs the password. */
export function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const disable = useDisableTwoFactor();
  const handleDisabled = () => {
    toast(t('tab.disabledSuccess'), { variant: 'success' });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="disable-2fa-title">
      <DialogTitle id="disable-2fa-title">{t('tab.disableTitle')}</DialogTitle>
      <PasswordTokenForm intro={t('tab.disableIntro')} submitLabel={t('tab.disable')} isDangerous mutation={disable} onDone={handleDisabled} onCancel={onClose} />
    </Dialog>
  );
}
