import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Link, getRouteApi, useRouter } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validatePassword } from '@flotilla/core/account-rules';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { resetPassword } from '../api/account-email.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';

const route = getRouteApi('/user/reset-password/$loginCode');

interface ResetForm {
  password: string;
  confirm: string;
}

/** `/user/reset-password/{loginCode}`: new password 8–64, confirmation must match ('passwords not match'). */
export function ResetPasswordPage() {
  const { t } = useTranslation('accountEmail');
  usePageTitle(t('reset.pageTitle'));
  const { loginCode } = route.useParams();
  const router = useRouter();
  const { register, handleSubmit, formState, getValues } = useForm<ResetForm>({ mode: 'onTouched', defaultValues: { password: '', confirm: '' } });
  const mutation = useMutation({
    mutationFn: ({ password }: ResetForm) => resetPassword(loginCode, password),
    meta: { silent: true },
    onSuccess: () => router.navigate({ to: '/password-reset/success' }),
  });
  return (
    <AuthLayout
      title={t('reset.title')}
      footer={
        <Typography variant="body2">
          <Link to="/password-reset">{t('reset.requestNew')}</Link>
        </Typography>
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}>
        <Stack spacing={2}>
          {mutation.isError && <Alert severity="error">{accountEmailErrorMessage(mutation.error, t)}</Alert>}
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
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
