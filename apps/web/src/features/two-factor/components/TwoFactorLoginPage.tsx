import '../two-factor-catalog.ts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ApiError } from '../../../lib/http.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useSessionMutation } from '../../auth/hooks/use-session-mutation.ts';
import { verifyRecoveryCode, verifyTotpCode } from '../api/two-factor.requests.ts';

const route = getRouteApi('/login/two-factor');
/** Accounts spec §9: the 2FA token has 6 characters; the form submits itself at 6. */
export const TOTP_LENGTH = 6;

type Mode = 'token' | 'recovery';

function codeErrorMessage(error: unknown, mode: Mode, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 401) return t(mode === 'token' ? 'login.invalidCode' : 'login.invalidRecoveryCode');
  if (error instanceof ApiError && error.status === 429) return t('auth:errors.tooManyRequests');
  return error instanceof Error ? error.message : t('common:errors.generic');
}

/** Accounts spec §4: the second sign-in step, authenticator token or recovery code (switchable). */
export function TwoFactorLoginPage() {
  const { t } = useTranslation('twoFactor');
  usePageTitle(t('login.pageTitle'));
  const search = route.useSearch();
  const router = useRouter();
  const [mode, setMode] = useState<Mode>('token');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useSessionMutation(
    ({ mode: m, code: c }: { mode: Mode; code: string }) => (m === 'token' ? verifyTotpCode(c) : verifyRecoveryCode(c)),
    search.redirect,
  );

  const submit = (value: string) => {
    if (!value.trim()) {
      setFieldError(t('login.codeRequired'));
      return;
    }
    setFieldError(null);
    mutation.mutate({ mode, code: value.trim() });
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = mode === 'token' ? event.target.value.replace(/\D/g, '').slice(0, TOTP_LENGTH) : event.target.value;
    setCode(value);
    if (mode === 'token' && value.length === TOTP_LENGTH && !mutation.isPending) submit(value);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  const switchMode = () => {
    setMode(mode === 'token' ? 'recovery' : 'token');
    setCode('');
    setFieldError(null);
    mutation.reset();
  };

  const handleBackToLogin = () => {
    logout('signed-out');
    void router.navigate({ to: '/login', search: search.redirect ? { redirect: search.redirect } : {} });
  };

  return (
    <AuthLayout
      title={t('login.title')}
      footer={
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Link component="button" type="button" onClick={switchMode}>
            {mode === 'token' ? t('login.useRecovery') : t('login.useToken')}
          </Link>
          <Link component="button" type="button" onClick={handleBackToLogin}>
            {t('login.backToLogin')}
          </Link>
        </Stack>
      }
    >
      <form noValidate onSubmit={handleSubmit}>
        <Stack spacing={2}>
          <Typography variant="body2">{mode === 'token' ? t('login.tokenIntro') : t('login.recoveryIntro')}</Typography>
          {mutation.isError && <Alert severity="error">{codeErrorMessage(mutation.error, mode, t)}</Alert>}
          <TextField
            key={mode}
            label={mode === 'token' ? t('login.token') : t('login.recoveryCode')}
            value={code}
            onChange={handleChange}
            autoFocus
            required
            autoComplete="one-time-code"
            error={fieldError !== null}
            helperText={fieldError}
            slotProps={{ htmlInput: mode === 'token' ? { inputMode: 'numeric', maxLength: TOTP_LENGTH } : { spellCheck: false } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
