import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/FormDialog.tsx';
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
    <FormDialog title={t('applications.createTitle')} submitLabel={t('applications.submit')} pending={mutation.isPending} error={mutation.isError ? cleanErrorText(mutation.error.message) || t('common:errors.generic') : null} onSubmit={(event) => void submit(event)} onClose={onClose}>
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
    </FormDialog>
  );
}
