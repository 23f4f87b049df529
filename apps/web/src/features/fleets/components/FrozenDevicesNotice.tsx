import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { useShownQueryError } from '../../../components/states/query-failure.ts';
import { fleetFrozenDevicesQuery } from '../api/fleets.queries.ts';

/**
 * A warning when some of the fleet's devices are frozen, with the "Frozen devices" dialog (fleets
 * spec §2 "Other fleet dialogs") naming up to ten of them. Nothing shows while none are or while
 * the count loads; a failed count shows what failed with Retry.
 */
export function FrozenDevicesNotice({ fleetId }: { fleetId: number }) {
  const { t } = useTranslation('fleets');
  const titleId = useId();
  const [isOpen, setOpen] = useState(false);
  const frozen = useQuery(fleetFrozenDevicesQuery(fleetId));
  // Kept while the poll asks again: an unknown count is said, not taken for "none frozen".
  const failure = useShownQueryError(frozen);
  if (failure.error && !frozen.data) {
    return (
      <Box sx={{ mb: 2 }}>
        <ErrorState error={failure.error} what={t('frozen.what')} onRetry={failure.retry} />
      </Box>
    );
  }
  const total = frozen.data?.total ?? 0;
  if (total === 0) return null;
  const rows = frozen.data?.rows ?? [];
  return (
    <>
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            {t('frozen.show')}
          </Button>
        }
      >
        {t('frozen.notice', { count: total })}
      </Alert>
      {isOpen && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{t('frozen.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('frozen.explanation')}</DialogContentText>
            <ul>
              {rows.map((device) => (
                // Names only: a frozen device's own pages lead back here (fleets spec §2 Routing rules).
                <li key={device.id}>{device.device_name}</li>
              ))}
            </ul>
            {total > rows.length && <DialogContentText>{t('frozen.more', { count: total - rows.length })}</DialogContentText>}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => setOpen(false)}>
              {t('common:close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
