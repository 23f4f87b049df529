import '../../preferences/preferences-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReverifyIdentity } from '../api/access-tokens.mutations.ts';

/**
 * Accounts spec §4, §8: past the 20-minute recent-login window, creating a key needs the
 * password again; the fresh token (new authTime) replaces the session's, then `onVerified` retries.
 */
export function ReverifyDialog({ onVerified, onClose }: { onVerified: () => void; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const mutation = useReverifyIdentity();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reverify-title">
      <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values.password, { onSuccess: onVerified }))(event)}>
        <DialogTitle id="reverify-title">{t('accessTokens.reverifyTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('accessTokens.reverifyIntro')}</DialogContentText>
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {mutation.error.message}
            </Alert>
          )}
          <TextField
            label={t('accessTokens.password')}
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            fullWidth
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message}
            {...register('password', { validate: (v) => (v ? true : t('accessTokens.passwordRequired')) })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('accessTokens.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
