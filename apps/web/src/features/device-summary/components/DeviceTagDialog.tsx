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
import { useCreateDeviceTag, useUpdateDeviceTag } from '../api/device-summary.mutations.ts';
import type { DeviceTagRow } from '../api/device-tags.queries.ts';
import { deviceTagKeyProblem, deviceTagValueProblem } from '../device-tag-form.ts';

interface TagForm {
  tag_key: string;
  value: string;
}

/** Add a tag to the device, or edit one (`tag` given): key and value. */
export function DeviceTagDialog({ deviceId, tag, otherKeys, onClose }: { deviceId: number; tag?: DeviceTagRow; otherKeys: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { register, handleSubmit, formState } = useForm<TagForm>({ mode: 'onTouched', defaultValues: { tag_key: tag?.tag_key ?? '', value: tag?.value ?? '' } });
  const create = useCreateDeviceTag(deviceId);
  const update = useUpdateDeviceTag(deviceId);
  const mutation = tag ? update : create;

  const submit = handleSubmit((values) => {
    const body = { tag_key: values.tag_key.trim(), value: values.value };
    if (tag) update.mutate({ id: tag.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="device-tag-dialog-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="device-tag-dialog-title">{tag ? t('summary.tags.editTitle') : t('summary.tags.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
            <TextField
              label={t('summary.tags.key')}
              required
              autoFocus
              error={Boolean(formState.errors.tag_key)}
              helperText={formState.errors.tag_key?.message}
              {...register('tag_key', {
                validate: (v) => {
                  const problem = deviceTagKeyProblem(v, otherKeys);
                  return problem ? t(`summary.tags.${problem}`) : true;
                },
              })}
            />
            <TextField
              label={t('summary.tags.value')}
              error={Boolean(formState.errors.value)}
              helperText={formState.errors.value?.message}
              {...register('value', { validate: (v) => deviceTagValueProblem(v) ?? true })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {tag ? t('summary.tags.save') : t('summary.tags.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
