import '../account-email-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validatePassword } from '@flotilla/core/account-rules';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useResetPassword } from '../api/account-email.mutations.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';
import { secondFactorAskOf } from '../reset-second-factor.ts';

const route = getRouteApi('/user/reset-password/$loginCode');

interface ResetForm {
  password: string;
  confirm: string;
  twoFactorCode: string;
}

/**
 * `/user/reset-password/{loginCode}`: new password 8–64, confirmation must match ('passwords not
 * match'). When the account has two-factor on, the server answers 400 `two_factor_required`:
 * the page then asks for an authenticator or recovery code and resubmits with the same link.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('accountEmail');
  usePageTitle(t('reset.pageTitle'));
  const { loginCode } = route.useParams();
  const router = useRouter();
  const { register, handleSubmit, formState, getValues } = useForm<ResetForm>({ mode: 'onTouched', defaultValues: { password: '', confirm: '', twoFactorCode: '' } });
  // Once the server asked for it, the code field stays for every later attempt.
  const [asksSecondFactor, setAsksSecondFactor] = useState(false);
  const mutation = useResetPassword();
  const submit = ({ password, twoFactorCode }: ResetForm) =>
    mutation.mutate(
      { resetCode: loginCode, password, twoFactorCode: asksSecondFactor ? twoFactorCode.trim() : undefined },
      {
        onSuccess: () => void router.navigate({ to: '/password-reset/success' }),
        onError: (error) => {
          if (secondFactorAskOf(error) !== null) setAsksSecondFactor(true);
        },
      },
    );
  const secondFactorAsk = mutation.isError ? secondFactorAskOf(mutation.error) : null;
  const codeError = formState.errors.twoFactorCode?.message ?? (secondFactorAsk === 'invalid' ? t('reset.twoFactorInvalid') : undefined);
  return (
    <AuthLayout
      title={t('reset.title')}
      footer={
        <Typography variant="body2">
          <Link to="/password-reset">{t('reset.requestNew')}</Link>
        </Typography>
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <Stack spacing={2}>
          {mutation.isError && secondFactorAsk === null && <Alert severity="error">{accountEmailErrorMessage(mutation.error, t)}</Alert>}
          {asksSecondFactor && <Alert severity="info">{t('reset.twoFactorRequired')}</Alert>}
          <TextField
            label={t('reset.password')}
            type="password"
            autoComplete="new-password"
            autoFocus
            required
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message ?? t('reset.passwordHelp')}
            {...register('password', { validate: (v) => validatePassword(v) ?? true })}
          />
          <TextField
            label={t('reset.confirm')}
            type="password"
            autoComplete="new-password"
            required
            error={Boolean(formState.errors.confirm)}
            helperText={formState.errors.confirm?.message}
            {...register('confirm', { validate: (v) => (v === getValues('password') ? true : t('reset.passwordsNotMatch')) })}
          />
          {asksSecondFactor && (
            <TextField
              label={t('reset.twoFactorCode')}
              autoComplete="one-time-code"
              autoFocus
              required
              error={Boolean(codeError)}
              helperText={codeError ?? t('reset.twoFactorHelp')}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              {...register('twoFactorCode', { validate: (v) => (v.trim() !== '' ? true : t('reset.twoFactorCodeRequired')) })}
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
