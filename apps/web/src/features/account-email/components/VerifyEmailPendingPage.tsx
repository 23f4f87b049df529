import '../account-email-catalog.ts';
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, type MutationStatus } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { accountStatusQuery, isVerificationPending } from '../api/account-email.queries.ts';
import { useResendVerificationEmail } from '../api/account-email.mutations.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';
import { useFocusWhenLost } from './use-focus-when-lost.ts';

/** Accounts spec §4: resend status pending → inprogress → done | failed. */
export type ResendState = 'pending' | 'inprogress' | 'done' | 'failed';

/** The resend mutation's status in the spec's words (the mutation's 'pending' is 'inprogress'). */
const RESEND_STATE: Record<MutationStatus, ResendState> = { idle: 'pending', pending: 'inprogress', success: 'done', error: 'failed' };

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
  const resend = useResendVerificationEmail();
  const state = RESEND_STATE[resend.status];
  // Arriving from sign-up, and when the resend button goes (done), focus would be on the body.
  const focusWhenLost = useFocusWhenLost<HTMLElement>();

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
        {state === 'done' && (
          <Alert ref={focusWhenLost} tabIndex={-1} severity="success">
            {t('pending.done')}
          </Alert>
        )}
        {resend.isError && <Alert severity="error">{t('pending.failed', { message: accountEmailErrorMessage(resend.error, t) })}</Alert>}
        {state !== 'done' && (
          <Button ref={focusWhenLost} variant="contained" onClick={() => resend.mutate()} disabled={state === 'inprogress'}>
            {state === 'inprogress' ? t('pending.resending') : t('pending.resend')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
