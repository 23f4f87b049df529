import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, getRouteApi, useRouter } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeInvitationToken } from '@flotilla/core/invitation-token';
import { isValidEmail } from '@flotilla/core/account-rules';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { ApiError } from '../../../lib/http.ts';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { isSignedIn, logout } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useAcceptInvitation } from '../api/invitation.mutations.ts';
import { invitationQuery } from '../api/invitation.queries.ts';
import { invitationPath } from '../invitation-link.ts';

const route = getRouteApi('/organization/invitation/$token');

/**
 * /organization/invitation/{token} (accounts spec §2, §5, §6, §8). The token must decode to a
 * resource and a name, else 'invitation token error' and a redirect (to /orgs, or /login when
 * signed out). Signed out: who invited you where, with sign-in and sign-up that bring the token
 * back. Signed in: organization, role and inviter, the notice of what accepting shares, Accept.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('invitations');
  usePageTitle(t('pageTitle'));
  const { token } = route.useParams();
  const payload = decodeInvitationToken(token);
  const signedIn = isSignedIn();
  const isValid = payload !== null && payload.resource === 'organization';

  useEffect(() => {
    if (!isValid) enqueueSnackbar(t('tokenError'), { variant: 'error', preventDuplicate: true });
  }, [isValid, t]);
  if (!isValid) return <Navigate to={signedIn ? '/orgs' : '/login'} replace />;

  return signedIn ? <SignedInInvitation token={token} name={payload.name} /> : <SignedOutInvitation token={token} name={payload.name} />;
}

/** The failure of the invitation lookup or acceptance, in the user's words (expired, another email). */
function invitationErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string, invitee: string | null): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return invitee ? t('errors.differentEmailFor', { email: invitee }) : t('errors.differentEmail');
    if (error.status === 400 || error.status === 404 || error.status === 410) return t('errors.invalidOrExpired');
    return cleanErrorText(error.message) || t('errors.generic');
  }
  return t('errors.generic');
}

function SignedOutInvitation({ token, name }: { token: string; name: string }) {
  const { t } = useTranslation('invitations');
  const details = useQuery(invitationQuery(token));
  const back = invitationPath(token);
  const email = details.data?.invitee && isValidEmail(details.data.invitee) ? details.data.invitee : null;
  const signupHref = `/signup?${new URLSearchParams({ ...(email ? { email } : {}), redirect: back }).toString()}`;
  const loginHref = `/login?${new URLSearchParams({ redirect: back }).toString()}`;

  return (
    <AuthLayout title={t('signedOut.title', { name })} footer={null}>
      <Stack spacing={2}>
        {details.isError && <Alert severity="error">{invitationErrorText(details.error, t, null)}</Alert>}
        {details.data?.inviter && <Typography>{t('invitedBy', { inviter: details.data.inviter })}</Typography>}
        <Typography color="text.secondary">{t('signedOut.intro')}</Typography>
        <Button variant="contained" href={loginHref}>
          {t('signedOut.signIn')}
        </Button>
        <Button variant="outlined" href={signupHref}>
          {t('signedOut.signUp')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

function SignedInInvitation({ token, name }: { token: string; name: string }) {
  const { t } = useTranslation('invitations');
  const router = useRouter();
  const details = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation(token);
  const acceptInvitation = () =>
    accept.mutate(undefined, {
      onSuccess: (result) => {
        notifySuccess(t('accepted', { name: result.organization.name || details.data?.organization.name || name }));
        void router.navigate({ to: '/orgs' });
      },
    });
  const invitee = details.data?.invitee ?? null;
  const orgName = details.data?.organization.name || name;
  const isDifferentEmail = accept.error instanceof ApiError && accept.error.status === 403;

  return (
    <AuthLayout title={t('signedIn.title', { name: orgName })} footer={null}>
      {details.isPending ? (
        <PageLoading />
      ) : details.isError ? (
        <Stack spacing={2}>
          <Alert severity="error">{invitationErrorText(details.error, t, null)}</Alert>
          <Button variant="outlined" onClick={() => void router.navigate({ to: '/orgs' })}>
            {t('goToOrganizations')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
            <Typography component="dt" color="text.secondary">
              {t('fields.organization')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {orgName}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {t('fields.role')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t(`roles.${details.data.role}`, { defaultValue: details.data.role })}
            </Typography>
            {details.data.inviter && (
              <>
                <Typography component="dt" color="text.secondary">
                  {t('fields.inviter')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {details.data.inviter}
                </Typography>
              </>
            )}
          </Box>
          {details.data.message && (
            <Typography sx={{ whiteSpace: 'pre-wrap', fontStyle: 'italic' }} aria-label={t('fields.message')}>
              {details.data.message}
            </Typography>
          )}
          {/* Accounts spec §6: accepting shares these details with the organization's administrators. */}
          <Alert severity="info">{t('signedIn.sharingNotice')}</Alert>
          {accept.isError && <Alert severity="error">{invitationErrorText(accept.error, t, invitee)}</Alert>}
          <Button variant="contained" disabled={accept.isPending} onClick={acceptInvitation}>
            {t('signedIn.accept')}
          </Button>
          {isDifferentEmail ? (
            // Signing out with "expired" semantics brings the user back here after signing in again.
            <Button variant="outlined" onClick={() => logout('expired')}>
              {t('signedIn.switchAccount')}
            </Button>
          ) : (
            <Button onClick={() => void router.navigate({ to: '/orgs' })}>{t('signedIn.decline')}</Button>
          )}
        </Stack>
      )}
    </AuthLayout>
  );
}
