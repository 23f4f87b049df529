import '../organizations-catalog.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isSameName, validateOrganizationName } from '@flotilla/core/organization-rules';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateOrganization } from '../api/organizations.mutations.ts';
import { organizationListQuery } from '../api/organizations.queries.ts';
import type { CreatedOrganization } from '../api/organizations.requests.ts';
import { isNameConflict, organizationErrorText } from '../organization-errors.ts';
import { EMPTY_LOGO, LogoPicker, type LogoValue } from './LogoPicker.tsx';

/**
 * Accounts spec §2 "create organization" and §5: name required and unique among the user's
 * organizations (case-insensitive), optional png/jpeg logo. Logo errors never block creation:
 * the organization is created without the logo and the toast says so.
 */
export function CreateOrganizationDialog({ onClose, onCreated }: { onClose: () => void; onCreated?: (org: CreatedOrganization) => void }) {
  const { t } = useTranslation('organizations');
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizations = useQuery({ ...organizationListQuery(userId), enabled: userId > 0 });
  const [logo, setLogo] = useState<LogoValue>(EMPTY_LOGO);
  const alreadyUsed = t('fields_errors.already_used');
  const { register, handleSubmit, formState, setError } = useForm<{ name: string }>({ mode: 'onChange', defaultValues: { name: '' } });

  const mutation = useCreateOrganization();
  // A logo the picker refused is left out; so is one the API rejects (accounts spec §5). Either way the toast says why.
  const create = (name: string) =>
    mutation.mutate(
      { name, logoImage: logo.problem ? null : logo.dataUrl },
      {
        onSuccess: ({ org, logoError }) => {
          const logoProblem = logo.problem ? t(`logo.${logo.problem}`) : logoError ? organizationErrorText(logoError) : null;
          notifySuccess(logoProblem ? t('create.createdWithoutLogo', { name: org.name, reason: logoProblem }) : t('create.created', { name: org.name }));
          onCreated?.(org);
          onClose();
        },
        onError: (error) => {
          if (isNameConflict(error)) setError('name', { message: alreadyUsed }, { shouldFocus: true });
        },
      },
    );

  const submitError = mutation.isError && !isNameConflict(mutation.error) ? organizationErrorText(mutation.error) : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="create-org-title">
      <form noValidate onSubmit={(event) => void handleSubmit(({ name }) => create(name.trim()))(event)}>
        <DialogTitle id="create-org-title">{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {submitError && <Alert severity="error">{submitError}</Alert>}
            <TextField
              label={t('create.name')}
              required
              autoFocus
              fullWidth
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              {...register('name', {
                validate: (value) => {
                  if (validateOrganizationName(value)) return t('create.nameRequired');
                  return (organizations.data ?? []).some((org) => isSameName(org.name, value)) ? alreadyUsed : true;
                },
              })}
            />
            <LogoPicker label={t('create.logo')} value={logo} onChange={setLogo} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || mutation.isPending}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
