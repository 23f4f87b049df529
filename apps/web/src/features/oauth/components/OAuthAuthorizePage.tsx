import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { oauthReturnUrl, redirectHost, redirectUriProblem } from '@flotilla/core/oauth';
import '../oauth-catalog.ts';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { cleanErrorText } from '../../../lib/notify.ts';
import { decodeToken, getToken } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { applicationByClientIdQuery, type ConsentApplication } from '../api/oauth.queries.ts';
import { goToApplication, useAuthorizeApplication } from '../api/oauth.mutations.ts';

const route = getRouteApi('/login/oauth/$clientId');

/**
 * `/login/oauth/{clientId}?state=…` (accounts spec §2, §7): the user sees which application asks,
 * where it will send them back and as whom, and authorizes (`POST /oauth/authorize`, then the
 * browser goes to the redirect URI with the code and the state) or cancels (`error=access_denied`).
 */
export function OAuthAuthorizePage() {
  const { t } = useTranslation('oauth');
  usePageTitle(t('authorize.pageTitle'));
  const { clientId } = route.useParams();
  const { state } = route.useSearch();
  const application = useQuery(applicationByClientIdQuery(clientId));

  if (application.data === undefined) {
    return (
      <AuthLayout title={t('authorize.loadingTitle')} footer={null}>
        {application.error ? <ErrorState error={application.error} what={t('authorize.what')} onRetry={() => application.refetch()} /> : <LoadingState />}
      </AuthLayout>
    );
  }
  if (application.data === null) {
    return (
      <AuthLayout title={t('authorize.notFoundTitle')} footer={null}>
        <Typography sx={{ mb: 3 }}>{t('authorize.notFoundMessage')}</Typography>
        <Button variant="contained" component={Link} to="/">
          {t('authorize.goHome')}
        </Button>
      </AuthLayout>
    );
  }
  return <Consent application={application.data} state={state} />;
}

function Consent({ application, state }: { application: ConsentApplication; state: string | undefined }) {
  const { t } = useTranslation('oauth');
  const username = decodeToken(getToken() ?? '')?.username;
  const authorize = useAuthorizeApplication(application, state);
  const sending = authorize.isPending || authorize.isSuccess;
  // Registered under the same rule; a row that breaks it is never sent a code.
  const isRedirectSafe = redirectUriProblem(application.redirect_uri) === null;
    const details: [string, string, boolean][] = [
    [t('authorize.application'), application.name, false],
    ...(application.description ? [[t('authorize.description'), application.description, false] as [string, string, boolean]] : []),
    [t('authorize.redirectHost'), redirectHost(application.redirect_uri), true],
    ...(username ? [[t('authorize.account'), username, false] as [string, string, boolean]] : []),
  ];

  return (
    <AuthLayout title={t('authorize.title', { name: application.name })} footer={null}>
      <Stack spacing={2}>
        <Typography>{t('authorize.intro', { name: application.name })}</Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
          {details.map(([label, value, isCode]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', ...(isCode ? { fontFamily: 'monospace' } : {}) }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('authorize.revokeHint')}
        </Typography>
        {!isRedirectSafe && <Alert severity="error">{t('authorize.unsafeRedirect')}</Alert>}
        {authorize.isError && <Alert severity="error">{cleanErrorText(authorize.error.message) || t('common:errors.generic')}</Alert>}
        {authorize.isSuccess && <Alert severity="info">{t('authorize.redirecting')}</Alert>}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => goToApplication(oauthReturnUrl(application.redirect_uri, { error: 'access_denied' }, state))} disabled={sending || !isRedirectSafe}>
            {t('authorize.cancel')}
          </Button>
          <Button variant="contained" onClick={() => authorize.mutate()} disabled={sending || !isRedirectSafe}>
            {authorize.isError ? t('authorize.retry') : t('authorize.authorize')}
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
