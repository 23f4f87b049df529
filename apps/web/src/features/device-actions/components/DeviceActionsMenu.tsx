import '../device-actions-catalog.ts';
import { useTranslation } from 'react-i18next';
import { ActionMenu } from '../../../components/ActionMenu.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { MENU_ACTIONS, type DeviceMenuAction } from '../device-action-rules.ts';
import { useDeviceActionAvailability } from '../hooks/use-device-action-availability.ts';
import { useDeviceActionFlow } from '../hooks/use-device-action-flow.tsx';

/**
 * The device summary's "Actions" menu (fleets spec §2 "Device summary"): restart services,
 * identify, reboot, purge data, shutdown, delete, each disabled with its reason when it cannot
 * run (§5). The last item opens the actions page.
 */
export function DeviceActionsMenu({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceActions');
  const { availability, failure } = useDeviceActionAvailability(device);
  const flow = useDeviceActionFlow({
    id: device.id,
    uuid: device.uuid,
    name: device.device_name,
    fleetId: device.belongs_to__application[0]?.id ?? 0,
  });
  const items = MENU_ACTIONS.map((action) => {
    const state = availability?.[action];
    const reason = state === undefined ? t(failure ? 'checkFailed' : 'checking') : state.isAvailable ? null : t(`unavailable.${state.reason}`);
    return { key: action, label: t(`actions.${action}.label`), reason, isDangerous: action === 'delete' };
  });

  return (
    <>
      <ActionMenu
        label={flow.runningAction ? t('menu.running', { action: t(`actions.${flow.runningAction}.label`) }) : t('menu.open')}
        items={[...items, { label: t('menu.actionsPage'), startsGroup: true, href: `/devices/${device.uuid}/actions` }]}
        onSelect={(action: DeviceMenuAction) => flow.request(action)}
      />
      {flow.dialog}
    </>
  );
}
