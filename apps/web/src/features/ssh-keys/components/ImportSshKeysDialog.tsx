import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { clientConfigQuery } from '../../profile/api/client-config.ts';
import { createSshKey, fetchCodeHostKeys, sshKeyKeys, type SshKeyRow } from '../api/ssh-keys.ts';
import { importOutcome, importedKeyTitles, keysNotYetSaved, type ImportOutcome } from '../ssh-key-import.ts';

/** Fetches a code-host user's keys, saves those not saved yet as 'GitHub Key N'. */
async function importKeys(apiUrl: string, username: string, userId: number, saved: readonly SshKeyRow[]): Promise<ImportOutcome> {
  const fetched = await fetchCodeHostKeys(apiUrl, username);
  const fresh = keysNotYetSaved(fetched, saved.map((key) => key.public_key));
  const titles = importedKeyTitles(saved.map((key) => key.title), fresh.length);
  const results = await Promise.allSettled(fresh.map((key, i) => createSshKey(userId, titles[i]!, key)));
  return importOutcome(fetched.length, fresh.length, results.filter((r) => r.status === 'rejected').length);
}

/** Accounts spec §2, §7: import the public keys a user publishes on the code host. */
export function ImportSshKeysDialog({ userId, saved, onClose }: { userId: number; saved: readonly SshKeyRow[]; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  const queryClient = useQueryClient();
  const config = useQuery(clientConfigQuery);
  const { register, handleSubmit, formState, getValues } = useForm<{ username: string }>({ mode: 'onTouched', defaultValues: { username: '' } });
  const mutation = useMutation({
    mutationFn: ({ username }: { username: string }) => importKeys(config.data!.codeHostApiUrl, username, userId, saved),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
    onSuccess: (outcome) => {
      if (outcome.kind === 'done' && outcome.failed === 0) {
        notifySuccess(t('sshKeys.imported', { count: outcome.saved }));
        onClose();
      }
    },
  });

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
      <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}>
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
