import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccountFlags } from '../use-account-flags.ts';

/** Accounts spec §5: users whose password exceeds 64 characters get a notice asking to change it. */
export function PasswordOverLimitNotice() {
  const { t } = useTranslation('staff');
  const flags = useAccountFlags();
  if (!flags?.hasPasswordOverLimit) return null;
  return (
    <Alert
      severity="warning"
      data-testid="password-over-limit-notice"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={Link} to="/preferences/details">
          {t('passwordOverLimit.action')}
        </Button>
      }
    >
      <AlertTitle>{t('passwordOverLimit.title')}</AlertTitle>
      {t('passwordOverLimit.message')}
    </Alert>
  );
}
