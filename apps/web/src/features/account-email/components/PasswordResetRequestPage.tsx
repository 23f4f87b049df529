import '../account-email-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@flotilla/core/account-rules';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../../auth/components/AuthLayout.tsx';
import { useRequestPasswordReset } from '../api/account-email.mutations.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';
import { useFocusWhenLost } from './use-focus-when-lost.ts';

/**
 * `/password-reset` (accounts spec §5: email and captcha required). The answer never says
 * whether the account exists; a 429 shows the spec's rate-limit text.
 */
export function PasswordResetRequestPage() {
  const { t } = useTranslation('accountEmail');
  usePageTitle(t('forgot.pageTitle'));
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ mode: 'onTouched', defaultValues: { email: '' } });
  const mutation = useRequestPasswordReset();
  // The form (with focus in it) gives way to the message: focus goes to the message.
  const focusWhenLost = useFocusWhenLost<HTMLDivElement>();
  return (
    <AuthLayout
      title={t('forgot.title')}
      footer={
        <Typography variant="body2">
          <Link to="/login">{t('forgot.toLogin')}</Link>
        </Typography>
      }
    >
      {mutation.isSuccess ? (
        <Alert ref={focusWhenLost} tabIndex={-1} severity="success">
          {t('forgot.sent', { email: mutation.variables })}
        </Alert>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values.email.trim()))(event)}>
          <Stack spacing={2}>
            <Typography variant="body2">{t('forgot.intro')}</Typography>
            {mutation.isError && <Alert severity="error">{accountEmailErrorMessage(mutation.error, t)}</Alert>}
            <TextField
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              autoFocus
              required
              error={Boolean(formState.errors.email)}
              helperText={formState.errors.email?.message}
              {...register('email', { validate: (v) => validateEmail(v) ?? true })}
            />
            <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
