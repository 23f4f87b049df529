import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isTypeChangeSelectable } from '@flotilla/core/application-type-change';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeApplicationType } from '../api/fleet-settings.mutations.ts';
import { applicationTypeChoicesQuery, type ApplicationTypeChoice, type FleetSettings } from '../api/fleet-settings.queries.ts';
import { SettingsSection } from './SettingsSection.tsx';

type TypeChoice = ApplicationTypeChoice;

/**
 * Change the application type (fleets spec §4 "Fleet type change availability": each type is
 * ok, unavailable, coming soon or paid only, and only ok is selectable; §6
 * resin.application.change-type; §8 "fleet type changed"). Without the permission the current
 * type is shown, not offered for change.
 */
export function ApplicationTypeSection({ fleet, canChangeType }: { fleet: FleetSettings; canChangeType: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const current = fleet.application_type[0];
  const organizationId = fleet.organization[0]?.id ?? 0;
  const deviceTypeId = fleet.is_for__device_type[0]?.id ?? 0;
  const choices = useQuery({ ...applicationTypeChoicesQuery({ id: fleet.id, organizationId, deviceTypeId }), enabled: canChangeType });

  return (
    <SettingsSection title={t('applicationType.title')}>
      {!canChangeType ? (
        <Stack spacing={1}>
          <Typography variant="body2">{current?.name ?? '—'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('noPermission')}
          </Typography>
        </Stack>
      ) : (
        <QueryState query={choices} what={t('applicationType.what')}>
          {(rows) => <ApplicationTypeForm fleet={fleet} choices={rows} />}
        </QueryState>
      )}
    </SettingsSection>
  );
}

function ApplicationTypeForm({ fleet, choices }: { fleet: FleetSettings; choices: TypeChoice[] }) {
  const { t } = useTranslation('fleetSettings');
  const type = t(`className.${fleet.is_of__class}`);
  const mutation = useChangeApplicationType(fleet.id);
  const currentId = fleet.application_type[0]?.id ?? '';
  const [selected, setSelected] = useState<number | ''>(currentId);
  const chosen = choices.find((c) => c.type.id === selected);
  const canApply = selected !== currentId && chosen !== undefined && isTypeChangeSelectable(chosen.availability) && !mutation.isPending;
  const needsUpgrade = choices.some((c) => c.availability === 'needsPlanUpgrade');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) mutation.mutate(Number(selected), { onSuccess: () => notifySuccess(t('applicationType.success')) });
      }}
    >
      <Stack spacing={1}>
        {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <TextField
            select
            size="small"
            label={t('applicationType.label')}
            value={selected}
            onChange={(event) => {
              mutation.reset();
              setSelected(Number(event.target.value));
            }}
            disabled={mutation.isPending}
            sx={{ minWidth: { sm: 320 } }}
            slotProps={{ select: { renderValue: (value) => choices.find((c) => c.type.id === value)?.type.name ?? '' } }}
          >
            {choices.map(({ type: option, availability }) => {
              const isCurrent = option.id === currentId;
              return (
                <MenuItem key={option.id} value={option.id} disabled={!isCurrent && !isTypeChangeSelectable(availability)}>
                  <ListItemText
                    primary={isCurrent ? `${option.name} (${t('applicationType.current')})` : option.name}
                    secondary={isCurrent ? option.description : t(`applicationType.availability.${availability}`, { type })}
                    slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                  />
                </MenuItem>
              );
            })}
          </TextField>
          <Button type="submit" variant="outlined" disabled={!canApply} sx={{ flexShrink: 0, mt: { sm: '2px' } }}>
            {mutation.isPending ? t('saving') : t('applicationType.apply')}
          </Button>
        </Stack>
        {needsUpgrade && (
          <Typography variant="body2" color="text.secondary">
            {t('applicationType.contactAdmin')}
          </Typography>
        )}
      </Stack>
    </form>
  );
}
