import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checksSummary, isHealthCheckTestedOs, orderChecks, HEALTH_CHECKS_MIN_OS } from '@flotilla/core/diagnostics';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { diagnosticResultQuery, useRunDiagnostic } from '../api/diagnostics.queries.ts';
import { RunDiagnosticButton } from './RunDiagnosticButton.tsx';
import { RunError } from './RunError.tsx';

/**
 * Health checks (fleets spec §2 "Device diagnostics", §3 "Health check result", §5, §8): run
 * them, then each check with pass or fail and what it saw, failed ones first and counted above
 * the table; `no_check_data_available` until a run reports some; the OS 2.11.0 warning.
 */
export function HealthChecksPanel({ uuid, osVersion, offlineReason }: { uuid: string; osVersion: string | null; offlineReason: string | null }) {
  const { t } = useTranslation('deviceDiagnostics');
  const query = useQuery(diagnosticResultQuery(uuid, 'checks', offlineReason === null));
  const run = useRunDiagnostic(uuid, 'checks');
  const isRunning = run.isPending || query.data?.status === 'running';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {!isHealthCheckTestedOs(osVersion) && <Alert severity="warning">{t('checks.oldOs', { version: HEALTH_CHECKS_MIN_OS })}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <RunDiagnosticButton label={t('checks.run')} disabledReason={offlineReason} isRunning={isRunning} onRun={() => run.mutate()} />
        {query.data?.lastRun && (
          <Typography variant="body2" color="text.secondary">
            {t(isRunning ? 'running' : 'lastRun', { when: formatDate(query.data.lastRun) })}
          </Typography>
        )}
      </Box>
      <RunError error={run.error} />
      {offlineReason === null && (
        <QueryState query={query} what={t('checks.what')} loadingRows={3}>
          {(result) => {
            const summary = checksSummary(result);
            if (summary.kind === 'noData') return <Alert severity="info">{t('no_check_data_available')}</Alert>;
            if (summary.kind === 'running') return <Alert severity="info">{t('checks.running')}</Alert>;
            if (summary.kind === 'error') return <Alert severity="error">{t('failed_query_check', { error: summary.error })}</Alert>;
            return (
              <>
                <Alert severity={summary.failed > 0 ? 'error' : 'success'}>
                  {summary.failed > 0 ? t('checks.failedCount', { count: summary.failed, total: result.checks.length }) : t('checks.allPassed', { count: summary.passed })}
                </Alert>
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={t('checks.table')} sx={{ tableLayout: 'fixed', minWidth: 300 }}>
                    <TableHead>
                      <TableRow>
                        <TableCell sx={{ width: '38%' }}>{t('checks.columns.check')}</TableCell>
                        <TableCell sx={{ width: 84 }}>{t('checks.columns.result')}</TableCell>
                        <TableCell>{t('checks.columns.status')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {orderChecks(result.checks).map((check) => (
                        <TableRow key={check.name} data-check={check.name} data-success={check.success ? 'true' : 'false'}>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>
                            <code>{check.name}</code>
                          </TableCell>
                          <TableCell>
                            <StatusDot color={check.success ? 'success' : 'error'} label={t(check.success ? 'checks.passed' : 'checks.failed')} />
                          </TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{check.status}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </>
            );
          }}
        </QueryState>
      )}
    </Box>
  );
}
