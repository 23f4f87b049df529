import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { logout } from '../../../lib/session.ts';
import { useActualUser } from '../use-account-flags.ts';

/** Accounts spec §3, §6: the warning shown while the session carries `actualUser` (login-as-user). */
export function ActingAsUserBanner() {
  const { t } = useTranslation('staff');
  const actualUser = useActualUser();
  const { data: actor } = useQuery({ ...whoamiQuery, enabled: actualUser !== null });
  if (actualUser === null) return null;
  return (
    <Alert
      severity="warning"
      data-testid="acting-as-user-banner"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => logout('signed-out')}>
          {t('actingAsUser.signOut')}
        </Button>
      }
    >
      <AlertTitle>{t('actingAsUser.title')}</AlertTitle>
      {t('actingAsUser.message', { username: actor?.username ?? '' })}
    </Alert>
  );
}
