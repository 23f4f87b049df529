import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { accountStatusQuery, isVerificationPending, resendVerificationEmail } from '../api/account-email.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';

/** Accounts spec §4: resend status pending → inprogress → done | failed. */
export type ResendState = 'pending' | 'inprogress' | 'done' | 'failed';

/**
 * `/user/verify-email/pending`: where the route guard holds a user who must verify their
 * email. The resend button disappears once a new email has been sent (state done).
 */
export function VerifyEmailPendingPage() {
  const { t } = useTranslation('accountEmail');
  usePageTitle(t('pending.pageTitle'));
  // Verified in another tab (the link opened there): coming back here moves on.
  const { data: status } = useQuery({ ...accountStatusQuery, refetchOnWindowFocus: 'always' });
  const router = useRouter();
  useEffect(() => {
    if (status && !isVerificationPending(status)) void router.navigate({ to: '/' });
  }, [status, router]);
  const [state, setState] = useState<ResendState>('pending');
  const [error, setError] = useState<string | null>(null);

  const handleResend = async () => {
    setState('inprogress');
    setError(null);
    try {
      await resendVerificationEmail();
      setState('done');
    } catch (err) {
      setError(accountEmailErrorMessage(err, t));
      setState('failed');
    }
  };

  return (
    <AuthLayout
      title={t('pending.title')}
      footer={
        <Button variant="text" onClick={() => logout('signed-out')}>
          {t('pending.signOut')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography>{status?.email ? t('pending.intro', { email: status.email }) : t('pending.introNoEmail')}</Typography>
        {state === 'done' && <Alert severity="success">{t('pending.done')}</Alert>}
        {state === 'failed' && <Alert severity="error">{t('pending.failed', { message: error })}</Alert>}
        {state !== 'done' && (
          <Button variant="contained" onClick={() => void handleResend()} disabled={state === 'inprogress'}>
            {state === 'inprogress' ? t('pending.resending') : t('pending.resend')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
