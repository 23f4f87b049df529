import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceTypeChoices } from '@flotilla/core/default-device-type';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeDeviceType } from '../api/fleet-settings.mutations.ts';
import { deviceTypesWithArchQuery, type FleetSettings } from '../api/fleet-settings.queries.ts';
import { ReadOnlySetting, SelectApplyForm } from './SelectApplyForm.tsx';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/**
 * Change the default device type (fleets spec §5 "Fleet changes": across CPU architectures it is
 * warned and disabled, only same-architecture types are offered; §6 resin.application.update).
 */
export function DeviceTypeSection({ fleet, canUpdate }: { fleet: FleetSettings; canUpdate: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const type = t(`className.${fleet.is_of__class}`);
  const current = fleet.is_for__device_type[0];
  const arch = current?.is_of__cpu_architecture[0]?.slug ?? null;
  const types = useQuery({ ...deviceTypesWithArchQuery, enabled: canUpdate });

  return (
    <SettingsSection title={t('deviceType.title')}>
      {!canUpdate ? (
        <ReadOnlySetting value={current?.name ?? '—'} />
      ) : (
        <Stack spacing={1}>
          <Alert severity="warning">{arch ? t('deviceType.warning', { arch, type }) : t('deviceType.unknownArch')}</Alert>
          <QueryState query={types} what={t('deviceType.what')}>
            {(rows) => <DeviceTypeForm fleet={fleet} choices={deviceTypeChoices(rows, { cpuArchitecture: arch })} />}
          </QueryState>
        </Stack>
      )}
    </SettingsSection>
  );
}

function DeviceTypeForm({ fleet, choices }: { fleet: FleetSettings; choices: Array<{ id: number; name: string }> }) {
  const { t } = useTranslation('fleetSettings');
  const mutation = useChangeDeviceType(fleet.id);
  const currentId = fleet.is_for__device_type[0]?.id ?? '';
  const [selected, setSelected] = useState<number | ''>(currentId);
  return (
    <SelectApplyForm
      label={t('deviceType.label')}
      value={choices.some((c) => c.id === selected) ? selected : ''}
      onChange={(value) => {
        mutation.reset();
        setSelected(value);
      }}
      options={choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
      applyLabel={t('deviceType.apply')}
      canApply={selected !== '' && selected !== currentId}
      isPending={mutation.isPending}
      isDisabled={choices.length === 0}
      error={mutation.error}
      onApply={() => mutation.mutate(Number(selected), { onSuccess: () => notifySuccess(t('deviceType.success')) })}
    />
  );
}
