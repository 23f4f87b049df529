import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PUBLIC_FLEET_EXPOSES, PUBLIC_FLEET_KEEPS_PRIVATE } from '@flotilla/core/fleet-publicity';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

function PlainList({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 1 }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

/**
 * The confirmation before a fleet's visibility changes. Making it public lists, from the same
 * lists the API's read rules follow (@flotilla/core/fleet-publicity), what anyone on the internet
 * can then read and what stays private, with a warning about configuration in compositions;
 * making it private says plainly what that undoes.
 */
export function PublicityConfirmDialog({ fleetName, makePublic, busy, error, onConfirm, onClose }: {
  fleetName: string;
  makePublic: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleetSettings');
  if (!makePublic) {
    return (
      <ConfirmDialog
        title={t('fleetPublicity.confirmOff.title', { name: fleetName })}
        message={t('fleetPublicity.confirmOff.message')}
        confirmLabel={t('fleetPublicity.confirmOff.confirm')}
        confirmColor="primary"
        busy={busy}
        error={error}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      title={t('fleetPublicity.confirmOn.title', { name: fleetName })}
      message={
        <>
          {t('fleetPublicity.confirmOn.lead')}
          <PlainList items={PUBLIC_FLEET_EXPOSES.map((key) => t(`fleetPublicity.exposes.${key}`))} />
          <Alert severity="warning" sx={{ my: 1 }}>
            {t('fleetPublicity.confirmOn.compositionWarning')}
          </Alert>
          {t('fleetPublicity.confirmOn.keepsPrivateLead')}
          <PlainList items={PUBLIC_FLEET_KEEPS_PRIVATE.map((key) => t(`fleetPublicity.keepsPrivate.${key}`))} />
        </>
      }
      confirmLabel={t('fleetPublicity.confirmOn.confirm')}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
