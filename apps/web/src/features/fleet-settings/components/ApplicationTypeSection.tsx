import { useState } from 'react';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isTypeChangeSelectable } from '@flotilla/core/application-type-change';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeApplicationType } from '../api/fleet-settings.mutations.ts';
import { applicationTypeChoicesQuery, type ApplicationTypeChoice, type FleetSettings } from '../api/fleet-settings.queries.ts';
import { ReadOnlySetting, SelectApplyForm } from './SelectApplyForm.tsx';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

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
        <ReadOnlySetting value={current?.name ?? '—'} />
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
  const canApply = selected !== currentId && chosen !== undefined && isTypeChangeSelectable(chosen.availability);
  const needsUpgrade = choices.some((c) => c.availability === 'needsPlanUpgrade');

  return (
    <SelectApplyForm
      label={t('applicationType.label')}
      value={selected}
      onChange={(value) => {
        mutation.reset();
        setSelected(value);
      }}
      renderValue={(value) => choices.find((c) => c.type.id === value)?.type.name ?? ''}
      options={choices.map(({ type: option, availability }) => {
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
      applyLabel={t('applicationType.apply')}
      canApply={canApply}
      isPending={mutation.isPending}
      error={mutation.error}
      note={
        needsUpgrade && (
          <Typography variant="body2" color="text.secondary">
            {t('applicationType.contactAdmin')}
          </Typography>
        )
      }
      onApply={() => mutation.mutate(Number(selected), { onSuccess: () => notifySuccess(t('applicationType.success')) })}
    />
  );
}
