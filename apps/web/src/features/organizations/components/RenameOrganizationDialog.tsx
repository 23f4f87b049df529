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
import { isSameName, validateOrganizationName } from '@flotilla/core/organization-rules';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRenameOrganization } from '../api/organizations.mutations.ts';
import { organizationListQuery, type OrganizationDetail } from '../api/organizations.queries.ts';
import { isNameConflict, organizationErrorText } from '../organization-errors.ts';

/** Rename (accounts spec §5 name rules; success message renamed_successfully). */
export function RenameOrganizationDialog({ organization, onClose }: { organization: OrganizationDetail; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizations = useQuery({ ...organizationListQuery(userId), enabled: userId > 0 });
  const alreadyUsed = t('fields_errors.already_used');
  const { register, handleSubmit, formState, setError } = useForm<{ name: string }>({
    mode: 'onChange',
    defaultValues: { name: organization.name },
  });
  const mutation = useRenameOrganization(organization.id);
  const rename = (name: string) =>
    mutation.mutate(name, {
      onSuccess: () => {
        notifySuccess(t('messages.renamed_successfully'));
        onClose();
      },
      onError: (error) => {
        if (isNameConflict(error)) setError('name', { message: alreadyUsed }, { shouldFocus: true });
      },
    });
  const submitError = mutation.isError && !isNameConflict(mutation.error) ? organizationErrorText(mutation.error) : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="rename-org-title">
      <form noValidate onSubmit={(event) => void handleSubmit(({ name }) => rename(name.trim()))(event)}>
        <DialogTitle id="rename-org-title">{t('rename.title')}</DialogTitle>
        <DialogContent>
          {submitError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {submitError}
            </Alert>
          )}
          <TextField
            label={t('rename.name')}
            required
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message}
            {...register('name', {
              validate: (value) => {
                if (validateOrganizationName(value)) return t('create.nameRequired');
                const clash = (organizations.data ?? []).some((org) => org.id !== organization.id && isSameName(org.name, value));
                return clash ? alreadyUsed : true;
              },
            })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || mutation.isPending}>
            {t('rename.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
