import { useState } from 'react';
import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useDeleteDevice } from '../../device-actions/api/device-actions.mutations.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/**
 * Delete, in the danger zone (fleets spec §2 device settings "delete as dangerous",
 * "Confirmation dialogs": type the exact name, pasting blocked; §6 resin.device.delete).
 * Afterwards the user goes to the fleet page (§2 Routing rules).
 */
export function DeleteSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const navigate = useNavigate();
  const canDelete = useCanSection(device, 'delete');
  const mutation = useDeleteDevice();
  const [isOpen, setIsOpen] = useState(false);
  const fleetId = device.belongs_to__application[0]?.id ?? 0;
  return (
    <SettingsSection title={t('delete.title')} intro={t('delete.intro')} reason={canDelete ? null : t('noPermission')} danger>
      <Button variant="contained" color="error" disabled={!canDelete} onClick={() => setIsOpen(true)}>
        {t('delete.button')}
      </Button>
      {isOpen && (
        <MutationConfirmDialog
          title={t('delete.confirmTitle', { name: device.device_name })}
          message={t('delete.confirmMessage')}
          confirmLabel={t('delete.button')}
          typedConfirmation={{ text: device.device_name, label: t('delete.typeLabel', { name: device.device_name }) }}
          mutation={mutation}
          run={() => mutation.mutateAsync({ id: device.id, fleetId })}
          success={t('delete.success', { name: device.device_name })}
          onDone={() => void navigate({ to: '/$fleetClass/$fleetId', params: { fleetClass: 'fleets', fleetId: String(fleetId) } })}
          onClose={() => setIsOpen(false)}
        />
      )}
    </SettingsSection>
  );
}
