import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DiagnosticAction, DiagnosticResult } from '@flotilla/core/diagnostics';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { diagnosticResultQuery, useRunDiagnostic } from '../api/diagnostics.queries.ts';
import { RunDiagnosticButton } from './RunDiagnosticButton.tsx';
import { RunError } from './RunError.tsx';

export interface DiagnosticRunPanelProps {
  uuid: string;
  action: DiagnosticAction;
  /** Why it cannot run now (the device is offline), or null. */
  offlineReason: string | null;
  runLabel: string;
  /** What QueryState names in its loading and error states. */
  what: string;
  /** Above the run button (the health checks' old-OS warning). */
  notice?: ReactNode;
  /** The latest run's result. */
  children: (result: DiagnosticResult) => ReactNode;
}

/**
 * One diagnostic action of a device (fleets spec §2 "Device diagnostics", §7): its run button
 * with the last run's time, the run's error, then the latest result read from the device
 * (polled while the tab is shown) — the same for the health checks and the diagnose report.
 */
export function DiagnosticRunPanel({ uuid, action, offlineReason, runLabel, what, notice, children }: DiagnosticRunPanelProps) {
  const { t } = useTranslation('deviceDiagnostics');
  const query = useQuery(diagnosticResultQuery(uuid, action, offlineReason === null));
  const run = useRunDiagnostic(uuid, action);
  const isRunning = run.isPending || query.data?.status === 'running';
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {notice}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <RunDiagnosticButton label={runLabel} disabledReason={offlineReason} isRunning={isRunning} onRun={() => run.mutate()} />
        {query.data?.lastRun && (
          <Typography variant="body2" color="text.secondary">
            {t(isRunning ? 'running' : 'lastRun', { when: formatDate(query.data.lastRun) })}
          </Typography>
        )}
      </Box>
      <RunError error={run.error} />
      {offlineReason === null && (
        <QueryState query={query} what={what} loadingRows={3}>
          {children}
        </QueryState>
      )}
    </Box>
  );
}
