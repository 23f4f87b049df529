import '../account-email-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validatePassword, validatePasswordConfirmation } from '@flotilla/core/account-rules';
import { notifySuccess } from '../../../lib/notify.ts';
import { ReverifyDialog } from '../../access-tokens/components/ReverifyDialog.tsx';
import { useChangePassword } from '../api/account-email.mutations.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';
import { useRecentAuthRetry } from './use-recent-auth.ts';

interface PasswordForm {
  currentPassword: string;
  password: string;
  confirm: string;
}

const EMPTY: PasswordForm = { currentPassword: '', password: '', confirm: '' };

/**
 * Accounts spec §5: current password (when one is set), new 8–64, confirmation ("Passwords
 * don't match"). Users without a password (social or SAML sign-in) set one. The new token
 * keeps this session; the others end.
 */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('accountEmail');
  const { register, handleSubmit, formState, getValues, reset } = useForm<PasswordForm>({ mode: 'onTouched', defaultValues: EMPTY });
  const mutation = useChangePassword();
  const retry = useRecentAuthRetry<PasswordForm>();
  const submit = (values: PasswordForm) =>
    mutation.mutate(
      { password: values.password, currentPassword: hasPassword ? values.currentPassword : undefined },
      {
        onSuccess: () => {
          reset(EMPTY);
          notifySuccess(t('details.passwordChanged'));
        },
        onError: (error) => {
          if (retry.handleError(error, values)) mutation.reset();
        },
      },
    );

  return (
    <form noValidate aria-label={t('details.passwordTitle')} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h3">
          {t('details.passwordTitle')}
        </Typography>
        {!hasPassword && <Typography variant="body2">{t('details.setPasswordIntro')}</Typography>}
        {mutation.isError && <Alert severity="error">{accountEmailErrorMessage(mutation.error, t)}</Alert>}
        {hasPassword && (
          <TextField
            label={t('details.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            error={Boolean(formState.errors.currentPassword)}
            helperText={formState.errors.currentPassword?.message}
            {...register('currentPassword', { validate: (v) => (v ? true : t('details.currentPasswordRequired')) })}
          />
        )}
        <TextField
          label={t('details.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message ?? t('reset.passwordHelp')}
          {...register('password', { validate: (v) => validatePassword(v) ?? true })}
        />
        <TextField
          label={t('details.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={Boolean(formState.errors.confirm)}
          helperText={formState.errors.confirm?.message}
          {...register('confirm', { validate: (v) => validatePasswordConfirmation(getValues('password'), v) ?? true })}
        />
        <div>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {hasPassword ? t('details.changePassword') : t('details.setPassword')}
          </Button>
        </div>
      </Stack>
      {retry.isReverifying && <ReverifyDialog onVerified={() => retry.resubmit(submit)} onClose={retry.onCancel} />}
    </form>
  );
}
