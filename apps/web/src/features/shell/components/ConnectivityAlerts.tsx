import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { connectivity } from '../../../lib/connectivity.ts';
import { useIsLiveFailing } from '../../../lib/live/use-live-failing.ts';
import { useIsOffline } from '../../../lib/use-is-offline.ts';
import { buildTimeQuery } from '../api/shell.queries.ts';

/**
 * Accounts spec §8: "We are offline, trying to reconnect..." with Retry while the browser or the
 * API is unreachable (lib/connectivity.ts), and the out-of-date alert with a refresh link once
 * /buildtime.txt differs from the first value this page saw. While the push connection keeps
 * failing (lib/live/, online), a quiet status says live updates are paused: it retries by itself
 * and the lists poll meanwhile, so there is nothing to press; it goes once push is back.
 */
export function ConnectivityAlerts() {
  const { t } = useTranslation('shell');
  const isOffline = useIsOffline();
  const { data: buildTime } = useQuery(buildTimeQuery);
  const isOutOfDate = buildTime?.isOutOfDate ?? false;
  // Offline says it already: push is down with everything else.
  const isLivePaused = useIsLiveFailing() && !isOffline;
  if (!isOffline && !isOutOfDate && !isLivePaused) return null;
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
      {isLivePaused && (
        <Alert severity="info" role="status" data-testid="live-paused">
          {t('livePaused')}
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
