// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDiagnosticResult, type DiagnosticResult } from '@flotilla/core/diagnostics';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { diagnosticResultQuery } from '../api/diagnostics.queries.ts';
import { HealthChecksPanel } from './HealthChecksPanel.tsx';

afterEach(cleanup);

const UUID = 'b'.repeat(32);

function renderPanel(result: DiagnosticResult | null, { osVersion = 'balenaOS 6.0.0', offlineReason = null as string | null } = {}) {
  const queryClient = testQueryClient();
  if (result) queryClient.setQueryData(diagnosticResultQuery(UUID, 'checks', true).queryKey, result);
  return renderWithProviders(<HealthChecksPanel uuid={UUID} osVersion={osVersion} offlineReason={offlineReason} />, { queryClient });
}

const done = (checks: DiagnosticResult['checks']): DiagnosticResult => ({ ...emptyDiagnosticResult('checks'), status: 'done', lastRun: '2026-11-27T09:00:00.000Z', checks });

describe('HealthChecksPanel', () => {
  it('shows failed checks first, counted, each with its words', async () => {
    renderPanel(done([
      { name: 'check_memory', success: true, status: '40% memory used' },
      { name: 'check_under_voltage', success: false, status: 'Under-voltage events detected' },
      { name: 'check_balenaOS', success: true, status: 'Supported' },
    ]));
    await screen.findByText('1 of 3 checks failed');
    const rows = within(screen.getByRole('table', { name: 'Health checks' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'check_under_voltageFailedUnder-voltage events detected',
      'check_balenaOSPassedSupported',
      'check_memoryPassed40% memory used',
    ]);
  });

  it('says no_check_data_available before the first run', async () => {
    renderPanel(emptyDiagnosticResult('checks'));
    await screen.findByText(/No check data available/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('warns below OS 2.11.0', async () => {
    renderPanel(done([]), { osVersion: 'balenaOS 2.10.0' });
    await screen.findByText(/only tested on balenaOS 2.11.0 and above/);
  });

  it('disables the run for an offline device, with the cloudlink reason, and sends no read', async () => {
    const { queryClient } = renderPanel(null, { offlineReason: 'Cloudlink must be connected' });
    const button = await screen.findByRole('button', { name: 'Run checks' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Cloudlink must be connected');
    expect(queryClient.getQueryState(diagnosticResultQuery(UUID, 'checks', false).queryKey)?.fetchStatus ?? 'idle').toBe('idle');
  });
});
