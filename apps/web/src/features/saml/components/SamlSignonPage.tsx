import '../saml-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useSessionMutation } from '../../auth/hooks/use-session-mutation.ts';
import { finalizeSamlSignIn } from '../api/saml.requests.ts';
import { samlErrorCodeOf, samlErrorText } from '../saml-error-text.ts';

/**
 * `/saml/callback/signon` (accounts spec §2, needs no token): the API sent the browser here with
 * a one-time code after the identity provider's response validated; the page exchanges it for a
 * session token (POST /auth/saml/finalize), then goes where sign-in goes (the saved page, or the
 * second factor first).
 */
export function SamlSignonPage() {
  const { t } = useTranslation('saml');
  usePageTitle(t('signon.pageTitle'));
  const code = new URLSearchParams(window.location.search).get('code');
  return <AuthLayout title={t('signon.title')} footer={null}>{code ? <Exchange code={code} /> : <Failed text={t('signon.missingCode')} />}</AuthLayout>;
}

function Exchange({ code }: { code: string }) {
  const { t } = useTranslation('saml');
  const exchange = useSessionMutation(() => finalizeSamlSignIn(code), undefined);
  const isSent = useRef(false);
  useEffect(() => {
    // The code is good once: not sent again on React's development double effect.
    if (isSent.current) return;
    isSent.current = true;
    exchange.mutate(undefined);
  }, [exchange]);
  if (exchange.isError) return <Failed text={samlErrorText(t, samlErrorCodeOf(exchange.error))} />;
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{t('signon.signingIn')}</Typography>
    </Stack>
  );
}

function Failed({ text }: { text: string }) {
  const { t } = useTranslation('saml');
  return (
    <Stack spacing={2}>
      <Alert severity="error">{text}</Alert>
      <Button variant="contained" component={Link} to="/saml">
        {t('signon.tryAgain')}
      </Button>
    </Stack>
  );
}
