import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validatePassword, validatePasswordConfirmation } from '@flotilla/core/account-rules';
import { notifySuccess } from '../../../lib/notify.ts';
import { setToken } from '../../../lib/session.ts';
import { ReverifyDialog } from '../../access-tokens/components/ReverifyDialog.tsx';
import { ACCOUNT_STATUS_KEY, changePassword } from '../api/account-email.ts';
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
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, getValues, reset } = useForm<PasswordForm>({ mode: 'onTouched', defaultValues: EMPTY });
  const mutation = useMutation({
    mutationFn: (values: PasswordForm) => changePassword(values.password, hasPassword ? values.currentPassword : undefined),
    meta: { silent: true },
    onSuccess: async (token) => {
      setToken(token);
      reset(EMPTY);
      notifySuccess(t('details.passwordChanged'));
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_STATUS_KEY });
    },
    onError: (error, values) => {
      if (retry.handleError(error, values)) mutation.reset();
    },
  });
  const retry = useRecentAuthRetry<PasswordForm>((values) => mutation.mutate(values));

  return (
    <form noValidate aria-label={t('details.passwordTitle')} onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}>
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
      {retry.isReverifying && <ReverifyDialog onVerified={retry.onVerified} onClose={retry.onCancel} />}
    </form>
  );
}
