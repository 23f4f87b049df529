import { DIAGNOSTICS_LINK_PATH, emptyDiagnosticResult, type DiagnosticAction, type DiagnosticResult } from '@flotilla/core/diagnostics';
import type { LinkRequest } from '@flotilla/core/device-link';
import type { LinkReply } from '../link/link-client.ts';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';
import { DIAGNOSE_VERSION, diagnoseReport } from './diagnose-report.ts';
import { runHealthChecks } from './health-checks.ts';

/**
 * Runs the health checks and the diagnostics on request and keeps the latest result of each,
 * as the device answers them over its link (packages/core diagnostics.ts): `POST` starts a run
 * (202, the run as it stands; a run already going is not started twice), `GET` reads the latest
 * (200; status `none` before the first). A run takes `runMs` at least, like the real scripts,
 * so the dashboard shows it running.
 */

export interface DiagnosticsRunnerOptions {
  snapshot: () => DiagnosticsSnapshot | Promise<DiagnosticsSnapshot>;
  /** How long a run takes at least (default 1 s). */
  runMs?: number;
  now?: () => Date;
}

export class DiagnosticsRunner {
  private readonly results: Record<DiagnosticAction, DiagnosticResult> = {
    checks: emptyDiagnosticResult('checks'),
    diagnose: emptyDiagnosticResult('diagnose'),
  };
  private readonly runs = new Set<Promise<void>>();

  constructor(private readonly opts: DiagnosticsRunnerOptions) {}

  result(action: DiagnosticAction): DiagnosticResult {
    return this.results[action];
  }

  /** Starts a run unless one is going; the run as it stands. */
  start(action: DiagnosticAction): DiagnosticResult {
    if (this.results[action].status === 'running') return this.results[action];
    const startedAt = (this.opts.now?.() ?? new Date()).toISOString();
    // The previous findings stay visible while the new run goes (the dashboard keeps showing them).
    this.results[action] = { ...this.results[action], action, status: 'running', lastRun: startedAt, error: null };
    const run = this.run(action, startedAt).finally(() => this.runs.delete(run));
    this.runs.add(run);
    return this.results[action];
  }

  /** Resolves when the runs started so far have finished (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.runs]);
  }

  /** The link's answer for a diagnostics path, or null when the request is for something else. */
  answer({ method, path }: Pick<LinkRequest, 'method' | 'path'>): LinkReply | null {
    const match = DIAGNOSTICS_LINK_PATH.exec(path);
    if (!match) return null;
    const action = match[1] as DiagnosticAction;
    if (method === 'GET') return { status: 200, body: this.result(action) };
    if (method === 'POST') return { status: 202, body: this.start(action) };
    return { status: 405, body: 'Method Not Allowed' };
  }

  private async run(action: DiagnosticAction, startedAt: string): Promise<void> {
    const waited = new Promise<void>((resolve) => setTimeout(resolve, this.opts.runMs ?? 1000).unref());
    try {
      const [snapshot] = await Promise.all([this.opts.snapshot(), waited]);
      const checks = runHealthChecks(snapshot);
      const stdout = action === 'checks' ? JSON.stringify({ checks, diagnose_version: DIAGNOSE_VERSION }) : diagnoseReport(snapshot, checks, this.opts.now?.() ?? new Date());
      this.results[action] = { action, status: 'done', lastRun: startedAt, diagnose_version: DIAGNOSE_VERSION, checks, stdout, error: null };
    } catch (error) {
      await waited;
      this.results[action] = { ...emptyDiagnosticResult(action), status: 'error', lastRun: startedAt, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
