import '../account-email-catalog.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizeEmail, validateEmail } from '@flotilla/core/account-rules';
import { notifySuccess } from '../../../lib/notify.ts';
import { ReverifyDialog } from '../../access-tokens/components/ReverifyDialog.tsx';
import { useChangeEmail } from '../api/account-email.mutations.ts';
import { accountEmailErrorMessage } from '../rate-limit-message.ts';
import { useRecentAuthRetry } from './use-recent-auth.ts';

interface EmailForm {
  email: string;
  password: string;
}

/**
 * Accounts spec §4, §5: email and password required; an unchanged address sends nothing. An
 * empty answer means the new address must be confirmed by its link; otherwise the change is
 * done and the refreshed token (carrying the new email) replaces the session's.
 */
export function ChangeEmailForm({ currentEmail, hasPassword }: { currentEmail: string | null; hasPassword: boolean }) {
  const { t } = useTranslation('accountEmail');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<EmailForm>({ mode: 'onTouched', defaultValues: { email: '', password: '' } });
  const mutation = useChangeEmail();
  const retry = useRecentAuthRetry<EmailForm>();
  const submit = (values: EmailForm) =>
    mutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (token) => {
          reset({ email: '', password: '' });
          if (token === null) setPendingEmail(values.email.trim());
          else notifySuccess(t('details.emailChanged'));
        },
        onError: (error) => {
          if (retry.handleError(error, values)) mutation.reset();
        },
      },
    );

  const handleValid = (values: EmailForm) => {
    setPendingEmail(null);
    if (currentEmail !== null && normalizeEmail(values.email) === currentEmail) {
      // Nothing to change: the form closes quietly, without an earlier attempt's error.
      mutation.reset();
      reset({ email: '', password: '' });
      return;
    }
    submit(values);
  };

  return (
    <form noValidate aria-label={t('details.emailTitle')} onSubmit={(event) => void handleSubmit(handleValid)(event)}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h3">
          {t('details.emailTitle')}
        </Typography>
        {currentEmail && <Typography variant="body2">{t('details.currentEmail', { email: currentEmail })}</Typography>}
        {pendingEmail && <Alert severity="info">{t('details.emailPending', { email: pendingEmail })}</Alert>}
        {mutation.isError && <Alert severity="error">{accountEmailErrorMessage(mutation.error, t)}</Alert>}
        <TextField
          label={t('details.newEmail')}
          type="email"
          autoComplete="email"
          required
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email?.message}
          {...register('email', { validate: (v) => validateEmail(v) ?? true })}
        />
        {hasPassword && (
          <TextField
            label={t('details.password')}
            type="password"
            autoComplete="current-password"
            required
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message}
            {...register('password', { validate: (v) => (v ? true : t('details.passwordRequired')) })}
          />
        )}
        <div>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('details.changeEmail')}
          </Button>
        </div>
      </Stack>
      {retry.isReverifying && <ReverifyDialog onVerified={() => retry.resubmit(submit)} onClose={retry.onCancel} />}
    </form>
  );
}
