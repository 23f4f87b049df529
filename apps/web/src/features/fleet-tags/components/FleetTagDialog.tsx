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
import { useCreateFleetTag, useUpdateFleetTag } from '../api/fleet-tags.mutations.ts';
import type { FleetTagRow } from '../api/fleet-tags.queries.ts';
import { tagKeyProblem, tagValueProblem } from '../fleet-tag-form.ts';

interface TagForm {
  tag_key: string;
  value: string;
}

/** Add a tag to the fleet, or edit one (`tag` given): key and value. */
export function FleetTagDialog({ fleetId, tag, otherKeys, onClose }: { fleetId: number; tag?: FleetTagRow; otherKeys: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('fleetTags');
  const { register, handleSubmit, formState } = useForm<TagForm>({ mode: 'onTouched', defaultValues: { tag_key: tag?.tag_key ?? '', value: tag?.value ?? '' } });
  const create = useCreateFleetTag(fleetId);
  const update = useUpdateFleetTag(fleetId);
  const mutation = tag ? update : create;

  const submit = handleSubmit((values) => {
    const body = { tag_key: values.tag_key.trim(), value: values.value };
    if (tag) update.mutate({ id: tag.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="fleet-tag-dialog-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="fleet-tag-dialog-title">{tag ? t('editTitle') : t('addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
            <TextField
              label={t('key')}
              required
              autoFocus
              error={Boolean(formState.errors.tag_key)}
              helperText={formState.errors.tag_key?.message}
              {...register('tag_key', {
                validate: (v) => {
                  const problem = tagKeyProblem(v, otherKeys);
                  return problem ? t(problem) : true;
                },
              })}
            />
            <TextField
              label={t('value')}
              error={Boolean(formState.errors.value)}
              helperText={formState.errors.value?.message}
              {...register('value', { validate: (v) => tagValueProblem(v) ?? true })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {tag ? t('save') : t('add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
