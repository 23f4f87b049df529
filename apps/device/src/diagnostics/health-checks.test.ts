import { describe, expect, it } from 'vitest';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';
import { diagnoseReport } from './diagnose-report.ts';
import { runHealthChecks } from './health-checks.ts';

const healthy: DiagnosticsSnapshot = {
  hostname: 'abc1234',
  osVersion: 'balenaOS 6.0.0',
  supervisorVersion: '17.0.0',
  uptimeS: 3 * 86_400 + 3600,
  memory: { usedMb: 400, totalMb: 1000 },
  storage: { usedMb: 5_000, totalMb: 14_910, blockDevice: '/dev/mmcblk0p6' },
  cpuTempC: 48,
  cpuUsagePercent: 12,
  isUndervolted: false,
  services: [{ name: 'main', status: 'Running', restarts: 0 }],
  isClockSynced: true,
  isApiReachable: true,
  isEngineHealthy: true,
  ipAddresses: ['10.0.0.7'],
};

const failed = (s: DiagnosticsSnapshot) => runHealthChecks(s).filter((c) => !c.success).map((c) => c.name);

describe('health checks (balena device-diagnostics checks)', () => {
  it('all pass on a healthy device, each with words', () => {
    const checks = runHealthChecks(healthy);
    expect(checks.map((c) => c.name)).toEqual([
      'check_balenaOS', 'check_under_voltage', 'check_memory', 'check_temperature', 'check_container_engine',
      'check_supervisor', 'check_localdisk', 'check_timesync', 'check_networking', 'check_service_restarts',
    ]);
    expect(failed(healthy)).toEqual([]);
    for (const c of checks) expect(c.status.length).toBeGreaterThan(5);
  });

  it('fails exactly the check a fault belongs to, at balena thresholds', () => {
    expect(failed({ ...healthy, isUndervolted: true })).toEqual(['check_under_voltage']);
    expect(failed({ ...healthy, memory: { usedMb: 910, totalMb: 1000 } })).toEqual(['check_memory']);
    expect(failed({ ...healthy, memory: { usedMb: 900, totalMb: 1000 } })).toEqual([]);
    expect(failed({ ...healthy, storage: { ...healthy.storage, usedMb: 14_000 } })).toEqual(['check_localdisk']);
    expect(failed({ ...healthy, cpuTempC: 80 })).toEqual(['check_temperature']);
    expect(failed({ ...healthy, isClockSynced: false })).toEqual(['check_timesync']);
    expect(failed({ ...healthy, isApiReachable: false })).toEqual(['check_networking']);
    expect(failed({ ...healthy, osVersion: 'Resin OS 1.26.0' })).toEqual(['check_balenaOS']);
    expect(failed({ ...healthy, supervisorVersion: null, isEngineHealthy: false })).toEqual(['check_container_engine', 'check_supervisor']);
  });

  it('fails the service check for a stopped service and for one restarted 3 times, naming them', () => {
    const checks = runHealthChecks({ ...healthy, services: [{ name: 'main', status: 'Stopped', restarts: 0 }, { name: 'web', status: 'Running', restarts: 3 }] });
    const services = checks.find((c) => c.name === 'check_service_restarts')!;
    expect(services.success).toBe(false);
    expect(services.status).toContain('main is stopped');
    expect(services.status).toContain('web restarted 3 times');
  });

  it('reports unknown sensors and clocks as unknown, not as failures', () => {
    expect(failed({ ...healthy, cpuTempC: null, isClockSynced: null, isEngineHealthy: null })).toEqual([]);
  });

  it('writes the diagnostics report as command sections, with the failing checks', () => {
    const snapshot = { ...healthy, isUndervolted: true };
    const report = diagnoseReport(snapshot, runHealthChecks(snapshot), new Date('2026-11-27T09:00:00Z'));
    expect(report).toMatch(/^--- echo === DIAGNOSE === ---\nDIAGNOSE_VERSION=/);
    expect(report).toContain('--- free -m ---\nMem: total 1000M used 400M free 600M');
    expect(report).toContain('up 3 days, 1 hours, 0 minutes');
    expect(report).toContain('FAIL check_under_voltage');
    expect(report).toContain('PASS check_memory');
  });
});
