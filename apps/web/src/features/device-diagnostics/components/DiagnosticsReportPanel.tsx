import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { DiagnosticRunPanel } from './DiagnosticRunPanel.tsx';

/** Device diagnostics (fleets spec §2, §7 polled every 5 s): run them, then the report as the device wrote it. */
export function DiagnosticsReportPanel({ uuid, offlineReason }: { uuid: string; offlineReason: string | null }) {
  const { t } = useTranslation('deviceDiagnostics');
  return (
    <DiagnosticRunPanel uuid={uuid} action="diagnose" offlineReason={offlineReason} runLabel={t('diagnose.run')} what={t('diagnose.what')}>
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
    </DiagnosticRunPanel>
  );
}
