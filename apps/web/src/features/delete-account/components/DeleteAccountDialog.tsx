import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { readFailureOf } from '../../../components/states/query-failure.ts';
import { ApiError } from '../../../lib/http.ts';
import { logout } from '../../../lib/session.ts';
import { useReverifyIdentity } from '../../access-tokens/api/access-tokens.mutations.ts';
import { deletionPreviewQuery } from '../api/delete-account.queries.ts';
import { useDeleteAccount } from '../api/delete-account.mutations.ts';
import { ACCOUNT_DELETION_DELAY_MS, deletionSteps, withContactSupport, type StepKey, type StepState } from '../delete-account-steps.ts';

const STATE_COLOR: Record<StepState, string> = { pending: 'text.secondary', inprogress: 'warning.main', done: 'success.main', failed: 'error.main' };

/**
 * Accounts spec §4, §8, §9: password, then the steps with their states; a custom plan blocks
 * with the contact-sales warning; on success the message, a 2-second wait, then logout.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('deleteAccount');
  const previewQuery = useQuery(deletionPreviewQuery);
  const preview = previewQuery.data;
  // Without the preview the steps and whether a custom plan blocks are unknown: a failed read
  // says so with Retry, and the deletion waits for it instead of running on a guess.
  const previewFailure = readFailureOf([previewQuery]);
  // Step 1 proves the password again (a fresh session token); a wrong one keeps the session.
  const reverify = useReverifyIdentity();
  const remove = useDeleteAccount();
  const steps = deletionSteps(preview?.soleAdminOrganizations.length ?? 0);
  const [password, setPassword] = useState('');
  const [states, setStates] = useState<Partial<Record<StepKey, StepState>>>({});
  const [error, setError] = useState<string | null>(null);
  const [isCustomPlan, setCustomPlan] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);
  const isBlocked = isCustomPlan || (preview?.customPlanOrganizations.length ?? 0) > 0;
  // The deletion waits while a custom plan blocks it or the preview could not be read.
  const isHeld = isBlocked || previewFailure !== null;

  const mark = (keys: StepKey[], state: StepState) => setStates((s) => ({ ...s, ...Object.fromEntries(keys.map((k) => [k, state])) }));

  async function handleDelete() {
    setBusy(true);
    setError(null);
    setStates({});
    mark(['verifyPassword'], 'inprogress');
    try {
      await reverify.mutateAsync(password);
    } catch (err) {
      mark(['verifyPassword'], 'failed');
      setError(err instanceof ApiError && err.status === 401 ? t('messages.invalidPassword') : withContactSupport(messageOf(err), t('messages.contactSupport')));
      setBusy(false);
      return;
    }
    mark(['verifyPassword'], 'done');
    // The server runs the remaining steps in one transaction: they succeed or fail together.
    const rest = steps.slice(1);
    mark(rest, 'inprogress');
    try {
      await remove.mutateAsync(password);
    } catch (err) {
      mark(rest, 'failed');
      if (err instanceof ApiError && err.code === 'custom_plan') setCustomPlan(true);
      // The user can fix this one (delete or transfer the named organizations' fleets): no "contact support".
      else if (err instanceof ApiError && err.code === 'organizations_have_fleets') setError(err.message);
      else if (err instanceof ApiError && err.status === 401) setError(t('messages.invalidPassword'));
      else setError(withContactSupport(messageOf(err), t('messages.contactSupport')));
      setBusy(false);
      return;
    }
    mark(rest, 'done');
    setDone(true);
    await new Promise((resolve) => setTimeout(resolve, ACCOUNT_DELETION_DELAY_MS));
    logout('signed-out');
  }

  return (
    <Dialog open onClose={isBusy || isDone ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="delete-account-dialog-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== '' && !isHeld) void handleDelete();
        }}
      >
        <DialogTitle id="delete-account-dialog-title">{t('dialog.title')}</DialogTitle>
        <DialogContent>
          {previewFailure && (
            <Box sx={{ mb: 2 }}>
              <ErrorState error={previewFailure.error} what={t('dialog.previewWhat')} onRetry={previewFailure.retry} />
            </Box>
          )}
          {isBlocked && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('messages.customPlan')}
            </Alert>
          )}
          {error !== null && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {isDone && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('messages.success')}
            </Alert>
          )}
          {!previewFailure && (
            <>
              <DialogContentText>{t('dialog.intro')}</DialogContentText>
              <List dense aria-label={t('dialog.title')}>
                {steps.map((key) => {
                  const state = states[key] ?? 'pending';
                  return (
                    <ListItem key={key} data-testid={`delete-step-${key}`} data-state={state}>
                      <ListItemText
                        primary={t(`steps.${key}`)}
                        secondary={t(`state.${state}`)}
                        slotProps={{ secondary: { sx: { color: STATE_COLOR[state] } } }}
                      />
                    </ListItem>
                  );
                })}
              </List>
            </>
          )}
          <TextField
            label={t('dialog.password')}
            type="password"
            autoComplete="current-password"
            // The field to type into has the initial focus (Enter there with it empty deletes nothing).
            autoFocus
            fullWidth
            value={password}
            disabled={isBusy || isDone || isHeld}
            onChange={(event) => setPassword(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy || isDone}>
            {t('dialog.close')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={isBusy || isDone || isHeld || password === ''}>
            {t('dialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
