import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useSetDevicePublicUrl } from '../api/device-settings.mutations.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { ToggleSetting } from './ToggleSetting.tsx';

/** Public device URL on and off (fleets spec §4 "Device toggles"; §6 resin.device.update). */
export function PublicUrlSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canUpdate = useCanSection(device, 'public-url');
  const mutation = useSetDevicePublicUrl(device);
  return (
    <SettingsSection title={t('publicUrl.title')} intro={t('publicUrl.intro')} reason={canUpdate ? null : t('noPermission')}>
      <ToggleSetting
        label={t('publicUrl.label')}
        isOn={device.is_web_accessible}
        isDisabled={!canUpdate}
        isPending={mutation.isPending}
        error={mutation.error}
        onChange={(isOn) => mutation.mutate(isOn, { onSuccess: () => notifySuccess(t(isOn ? 'publicUrl.on' : 'publicUrl.off')) })}
      />
    </SettingsSection>
  );
}
