import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import type { SshKeyRow } from '../api/ssh-keys.queries.ts';
import { useImportSshKeys } from '../api/ssh-keys.mutations.ts';

/** Accounts spec §2, §7: import the public keys a user publishes on the code host. */
export function ImportSshKeysDialog({ userId, saved, onClose }: { userId: number; saved: readonly SshKeyRow[]; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  const config = useQuery(clientConfigQuery);
  const { register, handleSubmit, formState, getValues } = useForm<{ username: string }>({ mode: 'onTouched', defaultValues: { username: '' } });
  const mutation = useImportSshKeys(userId);
  const submit = ({ username }: { username: string }) => {
    // The submit button stays disabled until the configuration is known.
    if (!config.data) return;
    mutation.mutate(
      { apiUrl: config.data.codeHostApiUrl, username, saved },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'done' && outcome.failed === 0) {
            notifySuccess(t('sshKeys.imported', { count: outcome.saved }));
            onClose();
          }
        },
      },
    );
  };

  const username = getValues('username').trim();
  const outcome = mutation.data;
  let problem: string | null = null;
  if (mutation.isError) problem = mutation.error.message;
  else if (outcome?.kind === 'none-returned') problem = t('sshKeys.noneReturned', { username });
  else if (outcome?.kind === 'all-saved-already') problem = t('sshKeys.allSavedAlready', { count: outcome.count, username });
  else if (outcome?.kind === 'done' && outcome.failed > 0) {
    problem = outcome.saved === 0 ? t('sshKeys.failedAll', { total: outcome.total }) : t('sshKeys.failedSome', { failed: outcome.failed, total: outcome.total });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="import-ssh-keys-title">
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id="import-ssh-keys-title">{t('sshKeys.importTitle')}</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <TextField
            label={t('sshKeys.importUsername')}
            required
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            error={Boolean(formState.errors.username)}
            helperText={formState.errors.username?.message}
            {...register('username', { validate: (v) => (v.trim() ? true : t('sshKeys.importUsernameRequired')) })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending || !config.data}>
            {t('sshKeys.importSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
