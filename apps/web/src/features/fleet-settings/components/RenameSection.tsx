import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fleetNameTakenMessage, validateFleetName } from '@flotilla/core/fleet-name';
import { notifySuccess } from '../../../lib/notify.ts';
import { isDuplicateNameError, useRenameFleet } from '../api/fleet-settings.mutations.ts';
import type { FleetSettings } from '../api/fleet-settings.queries.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/**
 * Rename (fleets spec §5 "Fleet name", "Fleet changes": blocked for classic and legacy types;
 * §6 resin.application.update). The name rules come from packages/core; a duplicate is the
 * API's 409, shown with the spec's message on the field.
 */
export function RenameSection({ fleet, canUpdate }: { fleet: FleetSettings; canUpdate: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const mutation = useRenameFleet(fleet.id);
  const isLegacy = fleet.application_type[0]?.is_legacy === true;
  const isDisabled = !canUpdate || isLegacy;
  const { control, handleSubmit, reset, formState } = useForm<{ name: string }>({
    mode: 'onChange',
    values: useMemo(() => ({ name: fleet.app_name }), [fleet.app_name]),
    resetOptions: { keepDirtyValues: true },
  });
  const value = useWatch({ control, name: 'name' });
  const isChanged = value !== fleet.app_name;

  const submit = handleSubmit(({ name }) =>
    mutation.mutate(name, {
      onSuccess: () => {
        reset({ name });
        notifySuccess(t('rename.success'));
      },
    }),
  );

  const help = !canUpdate ? t('noPermission') : isLegacy ? t('rename.legacy') : null;
  return (
    <SettingsSection title={t('rename.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <Controller
            control={control}
            name="name"
            rules={{ validate: (name) => validateFleetName(name) ?? true }}
            render={({ field, fieldState }) => {
              const serverError = mutation.isError
                ? isDuplicateNameError(mutation.error)
                  ? fleetNameTakenMessage(fleet.is_of__class)
                  : mutation.error.message
                : null;
              const message = fieldState.error?.message ?? serverError;
              return (
                <TextField
                  {...field}
                  onChange={(event) => {
                    field.onChange(event);
                    mutation.reset();
                  }}
                  label={t('rename.label')}
                  autoComplete="off"
                  fullWidth
                  size="small"
                  disabled={isDisabled}
                  slotProps={{ htmlInput: { readOnly: mutation.isPending, spellCheck: false } }}
                  error={Boolean(message)}
                  helperText={message ?? help}
                />
              );
            }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={isDisabled || !isChanged || !formState.isValid || mutation.isPending}
            sx={{ flexShrink: 0, mt: { sm: '2px' } }}
          >
            {mutation.isPending ? t('saving') : t('rename.submit')}
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
