import { describe, expect, it } from 'vitest';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';
import { DiagnosticsRunner } from './diagnostics-runner.ts';

const snapshot: DiagnosticsSnapshot = {
  hostname: 'h',
  osVersion: 'balenaOS 6.0.0',
  supervisorVersion: '17.0.0',
  uptimeS: 60,
  memory: { usedMb: 950, totalMb: 1000 },
  storage: { usedMb: 1, totalMb: 10, blockDevice: '/dev/sda1' },
  cpuTempC: 40,
  cpuUsagePercent: 5,
  isUndervolted: false,
  services: [],
  isClockSynced: true,
  isApiReachable: true,
  isEngineHealthy: true,
  ipAddresses: [],
};

describe('DiagnosticsRunner', () => {
  it('has no result before the first run, runs on POST, and keeps the latest result for GET', async () => {
    const runner = new DiagnosticsRunner({ snapshot: () => snapshot, runMs: 20, now: () => new Date('2026-11-27T09:00:00Z') });
    expect(runner.answer({ method: 'GET', path: '/v1/diagnostics/checks' })).toMatchObject({ status: 200, body: { status: 'none', lastRun: null, checks: [] } });
    const started = runner.answer({ method: 'POST', path: '/v1/diagnostics/checks' });
    expect(started).toMatchObject({ status: 202, body: { action: 'checks', status: 'running', lastRun: '2026-11-27T09:00:00.000Z' } });
    // A second POST while it runs does not start another run.
    expect(runner.start('checks')).toBe(runner.result('checks'));
    await runner.settled();
    const done = runner.result('checks');
    expect(done).toMatchObject({ status: 'done', diagnose_version: expect.any(String), error: null });
    expect(done.checks.find((c) => c.name === 'check_memory')).toMatchObject({ success: false, status: expect.stringContaining('95%') });
    expect(JSON.parse(done.stdout!)).toMatchObject({ checks: done.checks });
    // The other action is independent.
    expect(runner.result('diagnose').status).toBe('none');
  });

  it('writes the diagnostics report as stdout', async () => {
    const runner = new DiagnosticsRunner({ snapshot: () => snapshot, runMs: 1 });
    runner.start('diagnose');
    await runner.settled();
    expect(runner.result('diagnose').stdout).toContain('--- free -m ---');
  });

  it('records a snapshot that fails as an error run', async () => {
    const runner = new DiagnosticsRunner({ snapshot: () => Promise.reject(new Error('supervisor gone')), runMs: 1 });
    runner.start('checks');
    await runner.settled();
    expect(runner.result('checks')).toMatchObject({ status: 'error', error: 'supervisor gone', checks: [] });
  });

  it('leaves other paths to the supervisor and refuses other methods', () => {
    const runner = new DiagnosticsRunner({ snapshot: () => snapshot });
    expect(runner.answer({ method: 'GET', path: '/v1/device' })).toBeNull();
    expect(runner.answer({ method: 'DELETE', path: '/v1/diagnostics/diagnose' })).toMatchObject({ status: 405 });
  });
});
