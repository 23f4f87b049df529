import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLogoutOtherSessions } from '../api/sessions.mutations.ts';

/**
 * Accounts spec §4 sessions: "log out other sessions" returns a new token and invalidates the
 * others; this tab keeps working with the new token. Failure shows the spec's warning.
 */
export function LogoutOtherSessionsCard() {
  const { t } = useTranslation('staff');
  const mutation = useLogoutOtherSessions();
  return (
    <Stack spacing={2} component="section" aria-label={t('logoutOthers.title')}>
      <Typography variant="h6" component="h3">
        {t('logoutOthers.title')}
      </Typography>
      <Typography variant="body2">{t('logoutOthers.intro')}</Typography>
      {mutation.isError && <Alert severity="warning">{t('logoutOthers.failed')}</Alert>}
      <div>
        <Button variant="outlined" disabled={mutation.isPending} onClick={() => mutation.mutate(undefined, { onSuccess: () => notifySuccess(t('logoutOthers.done')) })}>
          {t('logoutOthers.action')}
        </Button>
      </div>
    </Stack>
  );
}
