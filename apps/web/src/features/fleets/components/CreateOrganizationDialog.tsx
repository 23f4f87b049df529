import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrganizationRow } from '../../../lib/model.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { createOrganization, organizationKeys } from '../api/create-fleet.ts';

/** Registration may leave a user without an organization; fleets need one (accounts spec §5: name required). */
export function CreateOrganizationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (org: OrganizationRow) => void }) {
  const { t } = useTranslation('fleets');
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<{ name: string }>({ mode: 'onChange', defaultValues: { name: '' } });
  const mutation = useMutation({
    mutationFn: ({ name }: { name: string }) => createOrganization(name.trim()),
    meta: { silent: true },
    onSuccess: async (org) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['permissions'] }),
      ]);
      notifySuccess(t('createOrganization.created', { name: org.name }));
      onCreated(org);
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="create-org-title">
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
        <DialogTitle id="create-org-title">{t('createOrganization.title')}</DialogTitle>
        <DialogContent>
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {mutation.error.message}
            </Alert>
          )}
          <TextField
            label={t('createOrganization.name')}
            required
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message}
            {...register('name', { validate: (v) => (v.trim() ? true : t('createOrganization.nameRequired')) })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || mutation.isPending}>
            {t('createOrganization.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
