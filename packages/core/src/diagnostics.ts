/**
 * Device diagnostics (fleets spec §2 "Device diagnostics", §3 "Health check result", §5
 * "Diagnostics", §7 actions host, §8 "Diagnostics and logs", §9 timings and the OS 2.11.0 rule).
 * Written once for the API (apps/api/src/diagnostics), the agent (apps/device/src/diagnostics)
 * and the dashboard (apps/web/src/features/device-diagnostics).
 *
 * Two actions, each started with a POST and read with a GET, on the API's actions host
 * (`/actions/v1/<uuid>/checks`, `/actions/v1/<uuid>/diagnose`): the API forwards both over the
 * device link to {@link DIAGNOSTICS_LINK_PATH}; the device runs them and keeps its latest result,
 * so an offline device has no diagnostics data (§8).
 */
import { z } from 'zod';
import { osVersionAtLeast } from './device-actions.ts';

export const DIAGNOSTIC_ACTIONS = ['checks', 'diagnose'] as const;
export type DiagnosticAction = (typeof DIAGNOSTIC_ACTIONS)[number];

/** The permission both actions and the supervisor state tab need (fleets spec §6). */
export const DIAGNOSTICS_PERMISSION = 'resin.device.access_diagnostics';

/** Health checks are polled every 15 s, diagnostics every 5 s (fleets spec §7, §9). */
export const DIAGNOSTICS_POLL_MS: Record<DiagnosticAction, number> = { checks: 15_000, diagnose: 5_000 };

/** Health checks are tested only on this OS and newer; below it the dashboard warns (fleets spec §5, §9). */
export const HEALTH_CHECKS_MIN_OS = '2.11.0';

/** Whether health checks are tested on this host OS (an unknown version is not). */
export function isHealthCheckTestedOs(osVersion: string | null): boolean {
  return osVersionAtLeast(osVersion, HEALTH_CHECKS_MIN_OS);
}

/** The device's link path of each action (a Flotilla path: balena runs these through its VPN proxy). */
export function diagnosticsLinkPath(action: DiagnosticAction): string {
  return `/v1/diagnostics/${action}`;
}
export const DIAGNOSTICS_LINK_PATH = /^\/v1\/diagnostics\/(checks|diagnose)$/;

/** One health check as balena's device-diagnostics `checks` reports it: a name, pass or fail, and words. */
export const healthCheck = z.object({
  name: z.string().min(1).max(100),
  success: z.boolean(),
  status: z.string().max(2000),
});
export type HealthCheck = z.infer<typeof healthCheck>;

/** Where a run stands: never run, running, finished, or failed to run. */
export const DIAGNOSTIC_RUN_STATUSES = ['none', 'running', 'done', 'error'] as const;
export type DiagnosticRunStatus = (typeof DIAGNOSTIC_RUN_STATUSES)[number];

/**
 * The latest run of an action (fleets spec §3 "Health check result": name, success, status,
 * diagnose_version, lastRun, stdout, error). `checks` holds the health checks; `stdout` the
 * diagnostics report (or the checks' raw output); `error` why a run failed.
 */
export const diagnosticResult = z.object({
  action: z.enum(DIAGNOSTIC_ACTIONS),
  status: z.enum(DIAGNOSTIC_RUN_STATUSES),
  /** When the latest run started (ISO 8601); null when it never ran. */
  lastRun: z.string().max(40).nullable(),
  diagnose_version: z.string().max(40).nullable(),
  checks: z.array(healthCheck).max(100),
  stdout: z.string().max(512 * 1024).nullable(),
  error: z.string().max(2000).nullable(),
});
export type DiagnosticResult = z.infer<typeof diagnosticResult>;

/** A result that has none yet (the device never ran the action since it started). */
export function emptyDiagnosticResult(action: DiagnosticAction): DiagnosticResult {
  return { action, status: 'none', lastRun: null, diagnose_version: null, checks: [], stdout: null, error: null };
}

/** What the dashboard shows for the checks: the spec's `no_check_data_available` when there are none (§8). */
export function checksSummary(result: DiagnosticResult | null): { kind: 'noData' } | { kind: 'running' } | { kind: 'error'; error: string } | { kind: 'checks'; failed: number; passed: number } {
  if (!result || result.status === 'none') return { kind: 'noData' };
  if (result.status === 'running' && result.checks.length === 0) return { kind: 'running' };
  if (result.status === 'error') return { kind: 'error', error: result.error ?? '' };
  if (result.checks.length === 0) return { kind: 'noData' };
  const failed = result.checks.filter((c) => !c.success).length;
  return { kind: 'checks', failed, passed: result.checks.length - failed };
}

/** Failed checks first, then by name: what needs attention is read first. */
export function orderChecks(checks: readonly HealthCheck[]): HealthCheck[] {
  return [...checks].sort((a, b) => Number(a.success) - Number(b.success) || a.name.localeCompare(b.name));
}
