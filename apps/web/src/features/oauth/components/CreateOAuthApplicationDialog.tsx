import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { redirectUriProblem } from '@flotilla/core/oauth';
import type { CreatedOAuthApplication } from '@flotilla/core/schemas/oauth';
import { cleanErrorText } from '../../../lib/notify.ts';
import { useRegisterApplication } from '../api/oauth.mutations.ts';

interface ApplicationForm {
  name: string;
  description: string;
  redirectUri: string;
}

/** Registers an OAuth application: name, optional description, redirect URI (https, or http on localhost). */
export function CreateOAuthApplicationDialog({ onCreated, onClose }: { onCreated: (created: CreatedOAuthApplication) => void; onClose: () => void }) {
  const { t } = useTranslation('oauth');
  const { register, handleSubmit, formState } = useForm<ApplicationForm>({ mode: 'onTouched', defaultValues: { name: '', description: '', redirectUri: '' } });
  const mutation = useRegisterApplication();
  const submit = handleSubmit((values) =>
    mutation.mutate(
      { name: values.name.trim(), description: values.description.trim() || null, redirect_uri: values.redirectUri.trim() },
      { onSuccess: onCreated },
    ),
  );

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="create-oauth-app-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-oauth-app-title">{t('applications.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && <Alert severity="error">{cleanErrorText(mutation.error.message) || t('common:errors.generic')}</Alert>}
            <TextField
              label={t('applications.name')}
              required
              autoFocus
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              {...register('name', { validate: (v) => (v.trim() ? true : t('applications.nameRequired')) })}
            />
            <TextField label={t('applications.description')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} {...register('description')} />
            <TextField
              label={t('applications.redirectUri')}
              required
              type="url"
              placeholder="https://app.example.com/callback"
              error={Boolean(formState.errors.redirectUri)}
              helperText={formState.errors.redirectUri?.message ?? t('applications.redirectUriHelp')}
              {...register('redirectUri', {
                validate: (v) => {
                  const problem = redirectUriProblem(v.trim());
                  return problem ? t(`redirectUri.${problem}`) : true;
                },
              })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('applications.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
