import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDER_NAMES, isSocialProvider, type SocialProvider } from '@flotilla/core/social-sign-in';
import { cleanErrorText } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { exchangeSocialAnswer } from '../api/social-sign-in.requests.ts';
import { useSessionMutation } from '../hooks/use-session-mutation.ts';
import { AuthLayout } from './AuthLayout.tsx';

const route = getRouteApi('/auth/$provider/callback');

/**
 * `/auth/{provider}/callback` (accounts spec §2, §8 "Social callback errors throw server text
 * or status"): the provider sent the browser back here; the API turns its answer into a session
 * token, then the user goes where sign-in goes (the saved page, or the second factor first).
 */
export function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('social.pageTitle'));
  const { provider } = route.useParams();
  return (
    <AuthLayout title={t('social.title')} footer={null}>
      {isSocialProvider(provider) ? <Exchange provider={provider} /> : <Failed text={t('social.unknownProvider')} />}
    </AuthLayout>
  );
}

function Exchange({ provider }: { provider: SocialProvider }) {
  const { t } = useTranslation('auth');
  // The raw query, as the provider wrote it (the router would parse number-like values), sent
  // once: the answer is good once, so not again on React's development double effect.
  const exchange = useSessionMutation(() => exchangeSocialAnswer(provider, window.location.search), undefined);
  const isSent = useRef(false);
  useEffect(() => {
    if (isSent.current) return;
    isSent.current = true;
    exchange.mutate(undefined);
  }, [exchange]);

  if (exchange.isError) {
    const text = exchange.error instanceof Error ? cleanErrorText(exchange.error.message) : '';
    return <Failed text={text || t('social.failed', { provider: SOCIAL_PROVIDER_NAMES[provider] })} />;
  }
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{t('social.signingIn', { provider: SOCIAL_PROVIDER_NAMES[provider] })}</Typography>
    </Stack>
  );
}

function Failed({ text }: { text: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2}>
      <Alert severity="error">{text}</Alert>
      <Button variant="contained" component={Link} to="/login">
        {t('social.backToSignIn')}
      </Button>
    </Stack>
  );
}
