import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { actionAvailability } from '@flotilla/core/device-actions';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { readFailureOf } from '../../../components/states/query-failure.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceForActions } from '../../device-actions/device-action-rules.ts';
import { useDeactivateDevice } from '../api/device-settings.mutations.ts';
import { organizationPaidQuery } from '../api/device-settings.queries.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/**
 * Deactivate (fleets spec §4 "Device toggles": offline, active devices only, for a one-time fee
 * of one undiscounted device month; §5 "needs a paid plan … otherwise: upgrade plan, already
 * inactive, or must be offline"; §6 application deactivate-device).
 */
export function DeactivateSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const { t: ta } = useTranslation('deviceActions');
  const canDeactivate = useCanSection(device, 'deactivate');
  const organizationId = device.belongs_to__application[0]?.organization?.__id ?? 0;
  const paid = useQuery({ ...organizationPaidQuery(organizationId), enabled: canDeactivate && organizationId > 0 });
  const mutation = useDeactivateDevice({ id: device.id, fleetId: device.belongs_to__application[0]?.id ?? null });
  const [isOpen, setIsOpen] = useState(false);
  // While the plan is read the button waits (disabled, no reason yet) rather than saying "upgrade";
  // a failed read of it says so with Retry instead of leaving the button disabled without a reason.
  const planFailure = canDeactivate ? readFailureOf([paid]) : null;
  const availability = paid.data === undefined && canDeactivate ? null : actionAvailability('deactivate', deviceForActions(device), { isPermitted: canDeactivate, isPaidPlan: paid.data ?? false });
  const reason = availability === null || availability.isAvailable ? null : availability.reason === 'noPermission' ? t('noPermission') : ta(`unavailable.${availability.reason}`);
  return (
    <SettingsSection title={t('deactivate.title')} intro={t('deactivate.intro')} reason={reason}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('deactivate.fee')}
      </Typography>
      {planFailure && (
        <Box sx={{ mb: 2 }}>
          <ErrorState error={planFailure.error} what={t('deactivate.planWhat')} onRetry={planFailure.retry} />
        </Box>
      )}
      <Button variant="outlined" color="error" disabled={!availability?.isAvailable} onClick={() => setIsOpen(true)}>
        {t('deactivate.button')}
      </Button>
      {isOpen && (
        <MutationConfirmDialog
          title={t('deactivate.confirmTitle', { name: device.device_name })}
          message={t('deactivate.confirmMessage')}
          confirmLabel={t('deactivate.button')}
          mutation={mutation}
          run={() => mutation.mutateAsync()}
          success={t('deactivate.success', { name: device.device_name })}
          onClose={() => setIsOpen(false)}
        />
      )}
    </SettingsSection>
  );
}
