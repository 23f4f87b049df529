import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { login } from '../../../lib/auth-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { authErrorMessage } from '../api/auth-errors.ts';
import { useSessionMutation } from '../hooks/use-session-mutation.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LazySocialSignInButtons } from './LazySocialSignInButtons.tsx';
import { AuthTextField } from './AuthTextField.tsx';

const route = getRouteApi('/login');

interface LoginForm {
  email: string;
  password: string;
}

/** Accounts spec §5: login needs email and password. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.pageTitle'));
  const search = route.useSearch();
  const { register, handleSubmit, formState, setFocus } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });
  const errorId = useId();
  const mutation = useSessionMutation(({ email, password }: LoginForm) => login(email.trim(), password), search.redirect);

  return (
    <AuthLayout
      title={t('login.title')}
      footer={
        <>
          <Typography variant="body2">
            {t('login.noAccount')} <Link to="/signup" search={search.redirect ? { redirect: search.redirect } : {}}>{t('login.toSignup')}</Link>
          </Typography>
          <Typography variant="body2">
            <Link to="/password-reset">{t('login.forgotPassword')}</Link>
          </Typography>
          <Typography variant="body2">
            <Link to="/saml">{t('login.withSso')}</Link>
          </Typography>
        </>
      }
    >
      {/*
        A refused sign-in puts focus in the password field, its text selected to type again at
        once (the button was clicked, or was disabled under the keyboard while signing in), and
        the field is described by the error, which is also announced as an alert.
      */}
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values, { onError: () => setFocus('password', { shouldSelect: true }) }))}>
        <Stack spacing={2}>
          {search.expired && !mutation.isError && <Alert severity="info">{t('common:errors.sessionExpired')}</Alert>}
          {mutation.isError && (
            <Alert severity="error" id={errorId}>
              {authErrorMessage(mutation.error, t)}
            </Alert>
          )}
          <AuthTextField
            label={t('login.email')}
            type="email"
            autoComplete="username"
            autoFocus
            required
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
            {...register('email', { validate: (v) => (v.trim() ? true : t('login.emailRequired')) })}
          />
          <AuthTextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
            describedBy={mutation.isError ? errorId : undefined}
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message}
            {...register('password', { validate: (v) => (v ? true : t('login.passwordRequired')) })}
          />
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <LazySocialSignInButtons redirect={search.redirect} />
    </AuthLayout>
  );
}
