import { useTranslation } from 'react-i18next';
import { actionAvailability, isLocalModeOn } from '@flotilla/core/device-actions';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceForActions } from '../../device-actions/device-action-rules.ts';
import { useSetLocalMode } from '../api/device-settings.mutations.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { ToggleSetting } from './ToggleSetting.tsx';

/**
 * Local mode on and off (fleets spec §4 "Device toggles": on when the variable equals 1; §5
 * "Local mode needs OS not 1.x, supervisor at least 4, dev variant, and a provisioned device";
 * §6 device configuration variables). A device already in local mode may always leave it.
 */
export function LocalModeSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const { t: ta } = useTranslation('deviceActions');
  const canConfigure = useCanSection(device, 'local-mode');
  const mutation = useSetLocalMode(device);
  const isOn = isLocalModeOn(device.device_config_variable);
  const availability = actionAvailability('localMode', deviceForActions(device), { isPermitted: canConfigure });
  const reason = availability.isAvailable ? null : availability.reason === 'noPermission' ? t('noPermission') : ta(`unavailable.${availability.reason}`);
  const isDisabled = !canConfigure || (!availability.isAvailable && !isOn);
  return (
    <SettingsSection title={t('localMode.title')} intro={t('localMode.intro')} reason={reason}>
      <ToggleSetting
        label={t('localMode.label')}
        isOn={isOn}
        isDisabled={isDisabled}
        isPending={mutation.isPending}
        error={mutation.error}
        onChange={(next) => mutation.mutate(next, { onSuccess: () => notifySuccess(t(next ? 'localMode.on' : 'localMode.off')) })}
      />
    </SettingsSection>
  );
}
