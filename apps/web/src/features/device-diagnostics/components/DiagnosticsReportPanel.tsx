import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { diagnosticResultQuery, useRunDiagnostic } from '../api/diagnostics.queries.ts';
import { RunDiagnosticButton } from './RunDiagnosticButton.tsx';
import { RunError } from './RunError.tsx';

/** Device diagnostics (fleets spec §2, §7 polled every 5 s): run them, then the report as the device wrote it. */
export function DiagnosticsReportPanel({ uuid, offlineReason }: { uuid: string; offlineReason: string | null }) {
  const { t } = useTranslation('deviceDiagnostics');
  const query = useQuery(diagnosticResultQuery(uuid, 'diagnose', offlineReason === null));
  const run = useRunDiagnostic(uuid, 'diagnose');
  const isRunning = run.isPending || query.data?.status === 'running';
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <RunDiagnosticButton label={t('diagnose.run')} disabledReason={offlineReason} isRunning={isRunning} onRun={() => run.mutate()} />
        {query.data?.lastRun && (
          <Typography variant="body2" color="text.secondary">
            {t(isRunning ? 'running' : 'lastRun', { when: formatDate(query.data.lastRun) })}
          </Typography>
        )}
      </Box>
      <RunError error={run.error} />
      {offlineReason === null && (
        <QueryState query={query} what={t('diagnose.what')} loadingRows={3}>
          {(result) => {
            if (result.status === 'error') return <Alert severity="error">{t('failed_query_check', { error: result.error ?? '' })}</Alert>;
            if (result.stdout === null) return <Alert severity="info">{t(result.status === 'running' ? 'diagnose.running' : 'diagnose.none')}</Alert>;
            return (
              <Box
                component="pre"
                tabIndex={0}
                role="region"
                aria-label={t('diagnose.report')}
                sx={{ m: 0, p: 2, maxHeight: 480, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {result.stdout}
              </Box>
            );
          }}
        </QueryState>
      )}
    </Box>
  );
}
