import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { setToken } from '../../../lib/session.ts';
import { logoutOtherSessions } from '../api/logout-others.ts';

/**
 * Accounts spec §4 sessions: "log out other sessions" returns a new token and invalidates the
 * others; this tab keeps working with the new token. Failure shows the spec's warning.
 */
export function LogoutOtherSessionsCard() {
  const { t } = useTranslation('staff');
  const mutation = useMutation({
    mutationFn: logoutOtherSessions,
    meta: { silent: true },
    onSuccess: (token) => {
      setToken(token);
      notifySuccess(t('logoutOthers.done'));
    },
  });
  return (
    <Stack spacing={2} component="section" aria-label={t('logoutOthers.title')}>
      <Typography variant="h6" component="h3">
        {t('logoutOthers.title')}
      </Typography>
      <Typography variant="body2">{t('logoutOthers.intro')}</Typography>
      {mutation.isError && <Alert severity="warning">{t('logoutOthers.failed')}</Alert>}
      <div>
        <Button variant="outlined" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {t('logoutOthers.action')}
        </Button>
      </div>
    </Stack>
  );
}
