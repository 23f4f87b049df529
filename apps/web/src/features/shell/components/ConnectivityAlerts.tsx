import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { connectivity } from '../../../lib/connectivity.ts';
import { useIsOffline } from '../../../lib/use-is-offline.ts';
import { buildTimeQuery } from '../api/shell.queries.ts';

/**
 * Accounts spec §8: "We are offline, trying to reconnect..." with Retry while the browser or the
 * API is unreachable (lib/connectivity.ts), and the out-of-date alert with a refresh link once
 * /buildtime.txt differs from the first value this page saw.
 */
export function ConnectivityAlerts() {
  const { t } = useTranslation('shell');
  const isOffline = useIsOffline();
  const { data: buildTime } = useQuery(buildTimeQuery);
  const isOutOfDate = buildTime?.isOutOfDate ?? false;
  if (!isOffline && !isOutOfDate) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {isOffline && (
        <Alert
          severity="warning"
          data-testid="offline-alert"
          action={
            <Button color="inherit" size="small" onClick={() => connectivity.checkNow()}>
              {t('offline.retry')}
            </Button>
          }
        >
          {t('offline.message')}
        </Alert>
      )}
      {isOutOfDate && (
        <Alert severity="info" role="status" data-testid="out-of-date-alert">
          {t('outOfDate.message')}{' '}
          <Link component="button" type="button" onClick={() => window.location.reload()} sx={{ verticalAlign: 'baseline' }}>
            {t('outOfDate.refresh')}
          </Link>
        </Alert>
      )}
    </Stack>
  );
}
