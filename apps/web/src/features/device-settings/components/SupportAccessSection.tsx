import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { SupportAccessControls } from '../../../components/support-access/SupportAccessControls.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useSetDeviceSupportAccess } from '../api/device-settings.mutations.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';

/**
 * Support access to the device (fleets spec §5 "Support access date"; §6 resin.device.update;
 * §8 "support access granted or removed"). Without permission the buttons stay, disabled, and
 * the section says why.
 */
export function SupportAccessSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canUpdate = useCanSection(device, 'support-access');
  const mutation = useSetDeviceSupportAccess(device);
  return (
    <SettingsSection title={t('supportAccess.title')} intro={t('supportAccess.intro')} reason={canUpdate ? null : t('noPermission')}>
      <SupportAccessControls namespace="deviceSettings" until={device.is_accessible_by_support_until__date} mutation={mutation} canUpdate={canUpdate} whenDenied="disable" />
    </SettingsSection>
  );
}
