import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tagKeyProblem, tagValueProblem } from './tag-form.ts';

interface TagValues {
  tag_key: string;
  value: string;
}

/**
 * Add a tag, or edit one (`tag` given): key and value, for fleet and device tags alike. The
 * words come from `namespace` under `keyPrefix` (addTitle, editTitle, key, value, add, save and
 * the key problems), so each owner keeps its own.
 */
export function TagDialog({
  namespace,
  keyPrefix,
  tag,
  otherKeys,
  create,
  update,
  onClose,
}: {
  namespace: string;
  keyPrefix?: string;
  tag?: TagValues & { id: number };
  otherKeys: readonly string[];
  create: UseMutationResult<unknown, Error, TagValues>;
  update: UseMutationResult<unknown, Error, TagValues & { id: number }>;
  onClose: () => void;
}) {
  const { t } = useTranslation(namespace, keyPrefix ? { keyPrefix } : undefined);
  // Not through `t`: a key prefix would apply to another namespace's key too.
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const { register, handleSubmit, formState } = useForm<TagValues>({ mode: 'onTouched', defaultValues: { tag_key: tag?.tag_key ?? '', value: tag?.value ?? '' } });
  const mutation = tag ? update : create;

  const submit = handleSubmit((values) => {
    const body = { tag_key: values.tag_key.trim(), value: values.value };
    if (tag) update.mutate({ id: tag.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{tag ? t('editTitle') : t('addTitle')}</DialogTitle>
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
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {tag ? t('save') : t('add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
