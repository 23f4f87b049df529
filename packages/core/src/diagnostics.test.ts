import { describe, expect, it } from 'vitest';
import {
  checksSummary,
  diagnosticResult,
  diagnosticsLinkPath,
  DIAGNOSTICS_LINK_PATH,
  DIAGNOSTICS_POLL_MS,
  emptyDiagnosticResult,
  isHealthCheckTestedOs,
  orderChecks,
  type DiagnosticResult,
} from './diagnostics.ts';

const run = (over: Partial<DiagnosticResult>): DiagnosticResult => ({ ...emptyDiagnosticResult('checks'), status: 'done', lastRun: '2026-11-27T09:00:00.000Z', ...over });

describe('diagnostics rules (fleets spec §5 Diagnostics, §9)', () => {
  it('tests health checks only from OS 2.11.0; older, unparsable or unknown versions get the warning', () => {
    expect(isHealthCheckTestedOs('balenaOS 2.11.0')).toBe(true);
    expect(isHealthCheckTestedOs('balenaOS 2.115.1')).toBe(true);
    expect(isHealthCheckTestedOs('balenaOS 6.0.0')).toBe(true);
    expect(isHealthCheckTestedOs('balenaOS 2024.10.1')).toBe(true);
    expect(isHealthCheckTestedOs('balenaOS 2.10.9')).toBe(false);
    expect(isHealthCheckTestedOs('Resin OS 1.26.0')).toBe(false);
    expect(isHealthCheckTestedOs(null)).toBe(false);
  });

  it('polls checks every 15 s and diagnostics every 5 s', () => {
    expect(DIAGNOSTICS_POLL_MS).toEqual({ checks: 15_000, diagnose: 5_000 });
  });

  it('names one link path per action, and the pattern matches only those', () => {
    expect(diagnosticsLinkPath('checks')).toBe('/v1/diagnostics/checks');
    expect(DIAGNOSTICS_LINK_PATH.test(diagnosticsLinkPath('diagnose'))).toBe(true);
    expect(DIAGNOSTICS_LINK_PATH.test('/v1/diagnostics/other')).toBe(false);
  });

  it('says no_check_data_available when never run or when a run reported none', () => {
    expect(checksSummary(null)).toEqual({ kind: 'noData' });
    expect(checksSummary(emptyDiagnosticResult('checks'))).toEqual({ kind: 'noData' });
    expect(checksSummary(run({ checks: [] }))).toEqual({ kind: 'noData' });
  });

  it('counts failed and passed checks, and reports a running or failed run', () => {
    const checks = [
      { name: 'check_memory', success: true, status: 'ok' },
      { name: 'check_under_voltage', success: false, status: 'Under-voltage events detected' },
    ];
    expect(checksSummary(run({ checks }))).toEqual({ kind: 'checks', failed: 1, passed: 1 });
    expect(checksSummary(run({ status: 'running' }))).toEqual({ kind: 'running' });
    expect(checksSummary(run({ status: 'running', checks }))).toEqual({ kind: 'checks', failed: 1, passed: 1 });
    expect(checksSummary(run({ status: 'error', error: 'timed out' }))).toEqual({ kind: 'error', error: 'timed out' });
  });

  it('orders failed checks first, then by name', () => {
    const ordered = orderChecks([
      { name: 'b', success: true, status: '' },
      { name: 'z', success: false, status: '' },
      { name: 'a', success: true, status: '' },
      { name: 'c', success: false, status: '' },
    ]);
    expect(ordered.map((c) => c.name)).toEqual(['c', 'z', 'a', 'b']);
  });

  it('refuses a result with a malformed check or an unknown status', () => {
    expect(diagnosticResult.safeParse(run({})).success).toBe(true);
    expect(diagnosticResult.safeParse({ ...run({}), status: 'maybe' }).success).toBe(false);
    expect(diagnosticResult.safeParse({ ...run({}), checks: [{ name: 'x', success: 'yes', status: '' }] }).success).toBe(false);
  });
});
