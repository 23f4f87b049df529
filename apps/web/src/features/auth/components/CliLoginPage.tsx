import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { parseCliLoginCallback } from '@flotilla/core/cli-login';
import { decodeToken, getToken } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { cleanErrorText } from '../../../lib/notify.ts';
import { useAuthorizeCli } from '../api/cli-login.mutations.ts';
import { AuthLayout } from './AuthLayout.tsx';

const route = getRouteApi('/login/cli/$');

/**
 * `/login/cli/<callback>` (accounts spec §2, compat §3.8): `balena login --web` asks for a
 * session. The route's guard has already refused any callback off this machine and sent a
 * signed-out user through sign-in; here the user sees which account and which local address
 * the session goes to, and agrees or cancels.
 */
export function CliLoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('cli.pageTitle'));
  const router = useRouter();
  const { _splat } = route.useParams();
  // The route's guard lets no other callback through: this page is only ever shown with one.
  const callback = parseCliLoginCallback(_splat ?? '')!;
  const username = decodeToken(getToken() ?? '')?.username;
  const authorize = useAuthorizeCli(callback);
  const sending = authorize.isPending || authorize.isSuccess;

  return (
    <AuthLayout title={t('cli.title')} footer={null}>
      <Stack spacing={2}>
        <Typography>{t('cli.intro')}</Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          {username && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('cli.account')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {username}
              </Typography>
            </>
          )}
          <Typography component="dt" color="text.secondary">
            {t('cli.callback')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {callback.host}
          </Typography>
        </Box>
        <Alert severity="warning">
          <Trans t={t} i18nKey="cli.warning" components={{ code: <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} /> }} />
        </Alert>
        {authorize.isError && <Alert severity="error">{cleanErrorText(authorize.error.message) || t('common:errors.generic')}</Alert>}
        {authorize.isSuccess && <Alert severity="info">{t('cli.sent')}</Alert>}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void router.navigate({ to: '/' })} disabled={sending}>
            {t('cli.cancel')}
          </Button>
          <Button variant="contained" onClick={() => authorize.mutate()} disabled={sending}>
            {authorize.isError ? t('cli.retry') : t('cli.authorize')}
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
