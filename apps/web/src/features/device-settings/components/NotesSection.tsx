import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { DeviceNoteField } from '../../device-summary/components/DeviceNoteField.tsx';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/** Notes: the summary card's inline editor (Enter saves, autosave after 500 ms; fleets spec §2), resin.device.update. */
export function NotesSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canUpdate = useCanSection(device, 'notes');
  return (
    <SettingsSection title={t('notes.title')} reason={canUpdate ? null : t('noPermission')}>
      <DeviceNoteField deviceId={device.id} uuid={device.uuid} note={device.note} canEdit={canUpdate} />
    </SettingsSection>
  );
}
