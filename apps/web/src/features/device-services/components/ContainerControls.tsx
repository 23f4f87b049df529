import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CONTAINER_ACTIONS, containerControlAvailability, type ContainerAction, type ContainerControlContext } from '@flotilla/core/container-controls';
import { ActionMenu, type ActionMenuAction } from '../../../components/ActionMenu.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ServiceLine } from '../current-services.ts';

type ControlKey = ContainerAction | 'logs';

/**
 * One container's menu (fleets spec §2 container table): start, stop, restart — each disabled
 * with its reason when the user lacks supervisor-proxy-write, the supervisor is older than 7,
 * the device is offline or the container is not in a state the action applies to — and "Show
 * logs", which opens the summary's logs filtered to the service (`?logService=`).
 */
export function ContainerControls({ line, uuid, context, isBusy, onAction }: { line: ServiceLine; uuid: string; context: ContainerControlContext; isBusy: boolean; onAction: (action: ContainerAction) => void }) {
  const { t } = useTranslation('deviceServices');
  const navigate = useNavigate();
  const items: Array<ActionMenuAction<ControlKey>> = CONTAINER_ACTIONS.map((action) => {
    const availability = containerControlAvailability(action, line.status, context);
    return {
      key: action,
      label: t(`actions.${action}`),
      reason: availability.isAvailable ? (line.imageId === null ? t('unavailable.noImage') : null) : t(`unavailable.${availability.reason}`),
      isDangerous: action === 'stop',
    };
  });
  items.push({ key: 'logs', label: t('actions.logs'), reason: null, startsGroup: true });
  const handleSelect = (key: ControlKey) => {
    if (key !== 'logs') return onAction(key);
    // The summary's logs panel reads ?logService (device-logs); the search is written as the URL it is.
    void navigate({ href: `/devices/${uuid}/summary?logService=${encodeURIComponent(line.serviceName)}` });
  };
  return (
    <ActionMenu
      size="small"
      isDisabled={isBusy}
      label={
        <>
          {t('actions.menu')}
          <VisuallyHidden> {line.serviceName}</VisuallyHidden>
        </>
      }
      items={items}
      onSelect={handleSelect}
    />
  );
}
