import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORT_PORTAL_NOT_CONFIGURED } from '@flotilla/core/support-portal';
import type { SupportPortalLoginResponse } from '@flotilla/core/schemas/support-portal';
import '../support-catalog.ts';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { cleanErrorText } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { supportPortalLoginQuery } from '../api/support-portal.queries.ts';

const route = getRouteApi('/zendesk-login');

/** `/zendesk-login?return_to=…` (accounts spec §2): the route's view, reading the query. */
export function SupportPortalLoginPage() {
  const { return_to: returnTo } = route.useSearch();
  return <SupportPortalSignIn returnTo={returnTo} />;
}

/**
 * Signs the user in to the support portal (Zendesk's JWT single sign-on): asks the API for a
 * token (GET /zendesk/v1/login) and posts it, with `return_to`, as a form to the portal's
 * `/access/jwt`. The form submits itself; its Continue button stays for a browser where that
 * is blocked. A refusal (unverified email, logged in as someone else, an address not on the
 * portal) says why; a server without a portal says so.
 */
export function SupportPortalSignIn({ returnTo }: { returnTo: string | undefined }) {
  const { t } = useTranslation('support');
  usePageTitle(t('portal.pageTitle'));
  const login = useQuery(supportPortalLoginQuery(returnTo));

  return (
    <AuthLayout title={t('portal.title')} footer={null}>
      {login.data ? (
        <PortalForm login={login.data} />
      ) : login.error ? (
        <Failure error={login.error} onRetry={() => login.refetch()} />
      ) : (
        <SigningIn />
      )}
    </AuthLayout>
  );
}

function SigningIn() {
  const { t } = useTranslation('support');
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography role="status" aria-live="polite">
        {t('portal.signingIn')}
      </Typography>
    </Stack>
  );
}

/** The form posted to the portal: submitted once on arrival, by hand with Continue if that did not happen. */
function PortalForm({ login }: { login: SupportPortalLoginResponse }) {
  const { t } = useTranslation('support');
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    // Once: React's development double effects must not post a token the portal accepts only once twice.
    if (submitted.current || !form.current) return;
    submitted.current = true;
    form.current.submit();
  }, []);

  return (
    <Stack spacing={2}>
      <SigningIn />
      <form ref={form} method="post" action={login.redirect} data-testid="support-portal-form">
        <input type="hidden" name="jwt" value={login.jwt} />
        {login.return_to && <input type="hidden" name="return_to" value={login.return_to} />}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('portal.continueHint')}
        </Typography>
        <Button type="submit" variant="contained">
          {t('portal.continue')}
        </Button>
      </form>
    </Stack>
  );
}

function Failure({ error, onRetry }: { error: Error; onRetry: () => unknown }) {
  const { t } = useTranslation('support');
  const home = (
    <Button component={Link} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
      {t('portal.goHome')}
    </Button>
  );
  if (error instanceof ApiError && error.code === SUPPORT_PORTAL_NOT_CONFIGURED) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t('portal.notConfigured')}</Alert>
        {home}
      </Stack>
    );
  }
  // Refusals the user can act on (verify the email, end the login-as session, a bad link): the server's reason.
  if (error instanceof ApiError && (error.status === 403 || error.status === 400)) {
    return (
      <Stack spacing={2}>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void onRetry()}>
              {t('common:retry')}
            </Button>
          }
        >
          <AlertTitle>{t('portal.refused')}</AlertTitle>
          {cleanErrorText(error.message) || t('common:errors.generic')}
        </Alert>
        {home}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <ErrorState error={error} what={t('portal.what')} onRetry={onRetry} />
      {home}
    </Stack>
  );
}
