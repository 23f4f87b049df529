import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isValidEmail, validateEmail, validatePassword } from '@flotilla/core/account-rules';
import { register as registerAccount } from '../../../lib/auth-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { afterInvitation, invitationFromRedirect } from '../../invitations/invitation-link.ts';
import { authErrorMessage } from '../api/auth-errors.ts';
import { useSessionMutation } from '../hooks/use-session-mutation.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LazySocialSignInButtons } from './LazySocialSignInButtons.tsx';
import { AuthTextField } from './AuthTextField.tsx';

const route = getRouteApi('/signup');
/** Why single sign-on sent the person here (`?saml_error=`, accounts spec §2), in its own chunk with the SSO words. */
const SamlErrorAlert = lazy(() => import('../../saml/components/SamlErrorAlert.tsx').then((m) => ({ default: m.SamlErrorAlert })));

/**
 * Accounts spec §5: the `?email=` query is prefilled only when it matches a simple email
 * pattern. Read from the URL directly because the route's search validation keeps only `redirect`.
 */
function prefilledEmail(): string {
  const email = new URLSearchParams(window.location.search).get('email')?.trim() ?? '';
  return isValidEmail(email) ? email : '';
}

interface SignupForm {
  email: string;
  password: string;
  /** Accounts spec §5 "newsletter optional": asked for, never assumed (sent as has_disabled_newsletter). */
  newsletter: boolean;
}

/**
 * Accounts spec §5: email format, password 8–64 characters (rules from @flotilla/core), captcha
 * (a dummy value when no captcha key is configured). Success signs the user in.
 */
export function SignupPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signup.pageTitle'));
  const search = route.useSearch();
  const samlError = new URLSearchParams(window.location.search).get('saml_error');
  // An organization or fleet invitation rides in the redirect (see invitation-link.ts for why there):
  // registration joins it, so afterwards the user goes to /orgs or /fleets, not back to accept.
  const invitation = invitationFromRedirect(search.redirect);
  const { register, handleSubmit, formState } = useForm<SignupForm>({
    mode: 'onTouched',
    defaultValues: { email: prefilledEmail(), password: '', newsletter: false },
  });
  const mutation = useSessionMutation(
    ({ email, password, newsletter }: SignupForm) =>
      registerAccount(email.trim(), password, invitation ? { invitationType: invitation.kind, invitationToken: invitation.token } : undefined, !newsletter),
    invitation ? afterInvitation(invitation.kind) : search.redirect,
    '/signup/profile',
  );

  return (
    <AuthLayout
      title={t('signup.title')}
      footer={
        <Typography variant="body2">
          {t('signup.haveAccount')} <Link to="/login" search={search.redirect ? { redirect: search.redirect } : {}}>{t('signup.toLogin')}</Link>
        </Typography>
      }
    >
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
        <Stack spacing={2}>
          {samlError && (
            <Suspense fallback={null}>
              <SamlErrorAlert code={samlError} />
            </Suspense>
          )}
          {mutation.isError && <Alert severity="error">{authErrorMessage(mutation.error, t)}</Alert>}
          <AuthTextField
            label={t('signup.email')}
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
            {...register('email', { validate: (v) => validateEmail(v) ?? true })}
          />
          <AuthTextField
            label={t('signup.password')}
            type="password"
            autoComplete="new-password"
            required
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message ?? t('signup.passwordHelp')}
            {...register('password', { validate: (v) => validatePassword(v) ?? true })}
          />
          <FormControlLabel control={<Checkbox {...register('newsletter')} />} label={t('signup.newsletter')} />
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
      <LazySocialSignInButtons redirect={search.redirect} />
    </AuthLayout>
  );
}
