import '../invitations-catalog.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, getRouteApi, useRouter } from '@tanstack/react-router';
import { toast } from '../../../lib/toast.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeInvitationToken } from '@flotilla/core/invitation-token';
import { isValidEmail } from '@flotilla/core/account-rules';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { ApiError } from '../../../lib/http.ts';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { decodeToken, getToken, isSignedIn, logout } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useAcceptInvitation } from '../api/invitation.mutations.ts';
import { invitationQuery } from '../api/invitation.queries.ts';
import { afterInvitation, invitationPath, type InvitationKind } from '../invitation-link.ts';

const orgRoute = getRouteApi('/organization/invitation/$token');
const fleetRoute = getRouteApi('/invitation/$token');

/** /organization/invitation/{token}: accept an organization invite, then /orgs. */
export function AcceptInvitationPage() {
  const { token } = orgRoute.useParams();
  return <InvitationPage kind="organization" token={token} />;
}

/** /invitation/{token}: accept a fleet invite, then /fleets (accounts spec §2; fleets spec §7). */
export function AcceptFleetInvitationPage() {
  const { token } = fleetRoute.useParams();
  return <InvitationPage kind="application" token={token} />;
}

/**
 * The accept screen of either kind (accounts spec §2, §5, §6, §8). The token must decode to a
 * resource of this kind and a name, else 'invitation token error' and a redirect (to /orgs or
 * /fleets, or /login when signed out). Signed out: who invited you where, with sign-in and
 * sign-up that bring the token back. Signed in: organization or fleet, role and inviter, the
 * notice of what accepting shares, Accept.
 */
function InvitationPage({ kind, token }: { kind: InvitationKind; token: string }) {
  const { t } = useTranslation('invitations');
  usePageTitle(t('pageTitle'));
  const payload = decodeInvitationToken(token);
  const signedIn = isSignedIn();
  const isValid = payload !== null && payload.resource === kind;

  useEffect(() => {
    if (!isValid) toast(t('tokenError'), { variant: 'error' });
  }, [isValid, t]);
  if (!isValid) {
    if (!signedIn) return <Navigate to="/login" replace />;
    return kind === 'organization' ? <Navigate to="/orgs" replace /> : <Navigate to="/$fleetClass" params={{ fleetClass: 'fleets' }} replace />;
  }

  return signedIn ? (
    <SignedInInvitation kind={kind} token={token} name={payload.name} />
  ) : (
    <SignedOutInvitation kind={kind} token={token} name={payload.name} />
  );
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

function SignedOutInvitation({ kind, token, name }: { kind: InvitationKind; token: string; name: string }) {
  const { t } = useTranslation('invitations');
  const details = useQuery(invitationQuery(kind, token));
  const back = invitationPath(token, kind);
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

function SignedInInvitation({ kind, token, name }: { kind: InvitationKind; token: string; name: string }) {
  const { t } = useTranslation('invitations');
  const router = useRouter();
  const details = useQuery(invitationQuery(kind, token));
  const accept = useAcceptInvitation(kind, token);
  const after = afterInvitation(kind);
  const isFleet = kind === 'application';
  const acceptInvitation = () =>
    accept.mutate(undefined, {
      onSuccess: (result) => {
        notifySuccess(t('accepted', { name: result.name || details.data?.target.name || name }));
        void router.navigate({ href: after });
      },
    });
  const invitee = details.data?.invitee ?? null;
  const targetName = details.data?.target.name || name;
  // Known before any click when the invite names its address: the account signed in is not it.
  const sessionEmail = decodeToken(getToken() ?? '')?.email;
  const isForAnotherEmail = Boolean(invitee && isValidEmail(invitee) && sessionEmail && invitee.toLowerCase() !== sessionEmail.toLowerCase());
  const isDifferentEmail = isForAnotherEmail || (accept.error instanceof ApiError && accept.error.status === 403);

  return (
    <AuthLayout title={t('signedIn.title', { name: targetName })} footer={null}>
      {details.isPending ? (
        <PageLoading />
      ) : details.isError ? (
        <Stack spacing={2}>
          <Alert severity="error">{invitationErrorText(details.error, t, null)}</Alert>
          <Button variant="outlined" onClick={() => void router.navigate({ href: after })}>
            {isFleet ? t('goToFleets') : t('goToOrganizations')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
            <Typography component="dt" color="text.secondary">
              {isFleet ? t('fields.fleet') : t('fields.organization')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {targetName}
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
          <Alert severity="info">{isFleet ? t('signedIn.sharingNoticeFleet') : t('signedIn.sharingNotice')}</Alert>
          {isForAnotherEmail && !accept.isError && <Alert severity="warning">{t('errors.differentEmailFor', { email: invitee })}</Alert>}
          {accept.isError && <Alert severity="error">{invitationErrorText(accept.error, t, invitee)}</Alert>}
          {!isDifferentEmail && (
            <Button variant="contained" disabled={accept.isPending} onClick={acceptInvitation}>
              {t('signedIn.accept')}
            </Button>
          )}
          {isDifferentEmail ? (
            // Signing out with "expired" semantics brings the user back here after signing in again.
            <Button variant="outlined" onClick={() => logout('expired')}>
              {t('signedIn.switchAccount')}
            </Button>
          ) : (
            <Button onClick={() => void router.navigate({ href: after })}>{t('signedIn.decline')}</Button>
          )}
        </Stack>
      )}
    </AuthLayout>
  );
}
