import { useEffect, useMemo, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REPOSITORY_URL_MAX_LENGTH } from '@flotilla/core/repository-url';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSetRepositoryUrl } from '../api/fleet-settings.mutations.ts';
import { repositoryUrlFieldProblem, repositoryUrlToSave, type PublicityFleetWithId } from '../fleet-publicity.ts';

/**
 * Set or change the fleet's repository URL (fleets spec §2 Fleet settings "set repository URL",
 * success "repo URL set"). The field follows the polled fleet until the user edits it.
 * `serverError` is an error about the URL found elsewhere (the API refusing to make the fleet
 * public without one): it is shown on the field, which takes the focus, until the user edits.
 */
export function RepositoryUrlForm({ fleet, serverError, onEdited }: {
  fleet: PublicityFleetWithId;
  serverError: string | null;
  onEdited: () => void;
}) {
  const { t } = useTranslation('fleetSettings');
  const mutation = useSetRepositoryUrl(fleet.id);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const saved = fleet.is_stored_at__repository_url ?? '';
  const { control, handleSubmit, reset, formState } = useForm<{ url: string }>({
    mode: 'onChange',
    // Memoized: a new object on every render would make the form compare and reset each time.
    values: useMemo(() => ({ url: saved }), [saved]),
    resetOptions: { keepDirtyValues: true },
  });

  // Save is offered when what would be saved differs from the fleet's URL (not RHF's isDirty,
  // which compares raw text and loses track when the polled value resets the form).
  const value = useWatch({ control, name: 'url' });
  const isChanged = repositoryUrlToSave(value) !== repositoryUrlToSave(saved);

  useEffect(() => {
    if (serverError) inputRef.current?.focus();
  }, [serverError]);

  const submit = handleSubmit(({ url }) => {
    const value = repositoryUrlToSave(url);
    mutation.mutate(value, {
      onSuccess: () => {
        reset({ url: value ?? '' });
        notifySuccess(t(value === null ? 'fleetPublicity.success.repoUrlRemoved' : 'fleetPublicity.success.repoUrlSet'));
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Controller
          control={control}
          name="url"
          rules={{
            validate: (value) => {
              const problem = repositoryUrlFieldProblem(value, fleet);
              return problem ? t(`fleetPublicity.repositoryUrlProblems.${problem}`, { max: REPOSITORY_URL_MAX_LENGTH }) : true;
            },
          }}
          render={({ field, fieldState }) => {
            const message = fieldState.error?.message ?? serverError ?? (mutation.isError ? mutation.error.message : null);
            return (
              <TextField
                {...field}
                inputRef={(element: HTMLInputElement | null) => {
                  field.ref(element);
                  inputRef.current = element;
                }}
                onChange={(event) => {
                  field.onChange(event);
                  mutation.reset();
                  onEdited();
                }}
                label={t('fleetPublicity.repositoryUrl')}
                type="url"
                autoComplete="off"
                fullWidth
                size="small"
                // Read-only rather than disabled while saving, so the focus stays on the field.
                slotProps={{ htmlInput: { readOnly: mutation.isPending } }}
                error={Boolean(message)}
                helperText={message ?? t('fleetPublicity.repositoryUrlHelp')}
              />
            );
          }}
        />
        <Button type="submit" variant="outlined" disabled={!isChanged || !formState.isValid || mutation.isPending} sx={{ flexShrink: 0, mt: { sm: '2px' } }}>
          {mutation.isPending ? t('fleetPublicity.saving') : t('fleetPublicity.saveRepositoryUrl')}
        </Button>
      </Stack>
    </form>
  );
}
