import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InfoList } from '../../../components/InfoList.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { supervisorStateQuery } from '../api/diagnostics.queries.ts';

/** A value of the supervisor's JSON as text: strings as they are, the rest as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The supervisor's current state (fleets spec §2 "supervisor state" tab, §7 "supervisor current
 * state", §8): each field the supervisor reports; "No online device(s) found" is not an error,
 * just no state; another failure is "Supervisor Current State error" with Retry.
 */
export function SupervisorStatePanel({ uuid, offlineReason }: { uuid: string; offlineReason: string | null }) {
  const { t } = useTranslation('deviceDiagnostics');
  const query = useQuery(supervisorStateQuery(uuid, offlineReason === null));
  if (offlineReason !== null) return <Alert severity="info">{t('supervisor.offline')}</Alert>;
  if (query.data === undefined) {
    if (!query.error) return <LoadingState rows={4} />;
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>}>
        {t('supervisor.error')}
        {query.error instanceof ApiError ? `: ${query.error.message}` : ''}
      </Alert>
    );
  }
  if (query.data === null) return <Alert severity="info">{t('supervisor.offline')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <InfoList items={Object.entries(query.data).map(([key, value]) => ({ label: key, value: shown(value) }))} />
      <Box>
        <Button variant="outlined" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('supervisor.refresh')}
        </Button>
      </Box>
    </Box>
  );
}
