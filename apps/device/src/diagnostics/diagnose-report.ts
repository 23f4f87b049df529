import type { HealthCheck } from '@flotilla/core/diagnostics';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';

/** The version of the report's format (balena's diagnose script reports its own DIAGNOSE_VERSION). */
export const DIAGNOSE_VERSION = '5.0.0-flotilla';

/**
 * The device diagnostics as text, in the shape of balena's `diagnose` output: one section per
 * command, `--- <command> ---` and what it printed, so support reads it as they would a device's.
 */
export function diagnoseReport(s: DiagnosticsSnapshot, checks: readonly HealthCheck[], now: Date): string {
  const mb = (n: number) => `${Math.round(n)}M`;
  const sections: Array<[string, string]> = [
    ['echo === DIAGNOSE ===', `DIAGNOSE_VERSION=${DIAGNOSE_VERSION}`],
    ['date', now.toUTCString()],
    ['hostname', s.hostname],
    ['cat /etc/os-release', `PRETTY_NAME="${s.osVersion ?? 'unknown'}"`],
    ['uptime', `up ${formatUptime(s.uptimeS)}`],
    ['free -m', `Mem: total ${mb(s.memory.totalMb)} used ${mb(s.memory.usedMb)} free ${mb(s.memory.totalMb - s.memory.usedMb)}`],
    ['df -h /mnt/data', `${s.storage.blockDevice} size ${mb(s.storage.totalMb)} used ${mb(s.storage.usedMb)} avail ${mb(s.storage.totalMb - s.storage.usedMb)}`],
    ['cat /sys/class/thermal/thermal_zone0/temp', s.cpuTempC === null ? 'n/a' : String(s.cpuTempC * 1000)],
    ['ip -brief addr', s.ipAddresses.length ? s.ipAddresses.join('\n') : 'no addresses'],
    ['balena-engine ps -a', s.services.length ? s.services.map((x) => `${x.name}\t${x.status}\trestarts=${x.restarts}`).join('\n') : 'no containers'],
    ['curl $API_ENDPOINT/ping', s.isApiReachable ? 'OK' : 'failed'],
    ['timedatectl', `System clock synchronized: ${s.isClockSynced === null ? 'unknown' : s.isClockSynced ? 'yes' : 'no'}`],
    ['supervisor version', s.supervisorVersion ?? 'not running'],
    ['checks', checks.map((c) => `${c.success ? 'PASS' : 'FAIL'} ${c.name}: ${c.status}`).join('\n')],
  ];
  return sections.map(([command, output]) => `--- ${command} ---\n${output}\n`).join('\n');
}

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d} days, ${h} hours, ${m} minutes`;
}
