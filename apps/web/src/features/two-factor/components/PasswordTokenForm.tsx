import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Dialog body that asks for the password and runs `mutation` with it: a password exchange that
 * stores the new session token it answers (identity re-check, disabling 2FA). Then `onDone`.
 */
export function PasswordTokenForm({
  intro,
  submitLabel,
  isDangerous = false,
  mutation,
  onDone,
  onCancel,
}: {
  intro: string;
  submitLabel: string;
  isDangerous?: boolean;
  mutation: UseMutationResult<string, Error, string>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('twoFactor');
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(({ password }) => mutation.mutate(password, { onSuccess: onDone }))(event)}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {mutation.error.message}
          </Alert>
        )}
        <TextField
          label={t('tab.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          fullWidth
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message}
          {...register('password', { validate: (v) => (v ? true : t('tab.passwordRequired')) })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('tab.cancel')}</Button>
        <Button type="submit" variant="contained" color={isDangerous ? 'error' : 'primary'} disabled={mutation.isPending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
