import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { checksSummary, isHealthCheckTestedOs, orderChecks, HEALTH_CHECKS_MIN_OS } from '@flotilla/core/diagnostics';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { DiagnosticRunPanel } from './DiagnosticRunPanel.tsx';

/**
 * Health checks (fleets spec §2 "Device diagnostics", §3 "Health check result", §5, §8): run
 * them, then each check with pass or fail and what it saw, failed ones first and counted above
 * the table; `no_check_data_available` until a run reports some; the OS 2.11.0 warning.
 */
export function HealthChecksPanel({ uuid, osVersion, offlineReason }: { uuid: string; osVersion: string | null; offlineReason: string | null }) {
  const { t } = useTranslation('deviceDiagnostics');
  const notice = isHealthCheckTestedOs(osVersion) ? undefined : <Alert severity="warning">{t('checks.oldOs', { version: HEALTH_CHECKS_MIN_OS })}</Alert>;
  return (
    <DiagnosticRunPanel uuid={uuid} action="checks" offlineReason={offlineReason} runLabel={t('checks.run')} what={t('checks.what')} notice={notice}>
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
    </DiagnosticRunPanel>
  );
}
