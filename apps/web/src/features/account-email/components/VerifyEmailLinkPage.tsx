import '../account-email-catalog.ts';
import { useEffect } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useVerifyEmail } from '../api/account-email.mutations.ts';

const route = getRouteApi('/user/verify-email');

/** Accounts spec §9: the verification call is debounced 300 ms (a double render sends one call). */
export const VERIFY_DEBOUNCE_MS = 300;

/**
 * The link from the verification email (`?token=…&email=…`). Valid → `/signup/profile`;
 * invalid, used or expired → the spec's message and back to the pending page (accounts §4, §8).
 */
export function VerifyEmailLinkPage() {
  const { t } = useTranslation('accountEmail');
  usePageTitle(t('verifyLink.pageTitle'));
  const { token, email } = route.useSearch();
  const router = useRouter();
  // mutateAsync is stable across renders: the effect below runs once per link.
  const { mutateAsync: verify } = useVerifyEmail();

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      const run = async () => {
        try {
          if (!token || !email) throw new ApiError(t('verifyLink.invalid'), 400);
          await verify({ token, email });
          if (cancelled) return;
          toast(t('verifyLink.verified'), { variant: 'success' });
          await router.navigate({ to: '/signup/profile' });
        } catch (err) {
          if (cancelled) return;
          const message = err instanceof ApiError && err.status === 400 ? t('verifyLink.invalid') : t('verifyLink.failed');
          toast(message, { variant: 'error' });
          await router.navigate({ to: '/user/verify-email/pending' });
        }
      };
      void run();
    }, VERIFY_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token, email, router, verify, t]);

  return (
    <AuthLayout title={t('verifyLink.title')} footer={null}>
      {/* The text says what is happening (and is announced); the spinner only decorates it. */}
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('verifyLink.verifying')}</Typography>
      </Stack>
    </AuthLayout>
  );
}
