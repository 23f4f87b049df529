import type { HealthCheck } from '@flotilla/core/diagnostics';
import { parseOsVersion } from '@flotilla/core/os-version';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';

/**
 * balena's device health checks (device-diagnostics `checks`, docs "Check Descriptions"), read
 * from a snapshot: each a name, pass or fail and what was seen. Thresholds are balena's: memory
 * and disk at 90 %, a service that restarted 3 times since the agent started, a CPU at 80 °C.
 */

export const MEMORY_THRESHOLD_PERCENT = 90;
export const DISK_THRESHOLD_PERCENT = 90;
export const TEMPERATURE_THRESHOLD_C = 80;
export const RESTART_THRESHOLD = 3;

const percent = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 100) : 0);
const pass = (name: string, status: string): HealthCheck => ({ name, success: true, status });
const fail = (name: string, status: string): HealthCheck => ({ name, success: false, status });

export function runHealthChecks(s: DiagnosticsSnapshot): HealthCheck[] {
  return [
    checkOs(s),
    s.isUndervolted
      ? fail('check_under_voltage', 'Under-voltage events detected: check or change the power supply as soon as possible')
      : pass('check_under_voltage', 'No under-voltage events detected'),
    checkMemory(s),
    checkTemperature(s),
    s.isEngineHealthy === false
      ? fail('check_container_engine', 'The container engine is not answering')
      : pass('check_container_engine', s.isEngineHealthy === null ? 'No container engine to check' : 'No container engine issues detected'),
    s.supervisorVersion
      ? pass('check_supervisor', `Supervisor ${s.supervisorVersion} is running and healthy`)
      : fail('check_supervisor', 'The supervisor did not answer'),
    checkDisk(s),
    s.isClockSynced === false ? fail('check_timesync', 'Time is not being synchronized via NTP') : pass('check_timesync', s.isClockSynced ? 'Time is synchronized' : 'Time synchronization not known'),
    s.isApiReachable ? pass('check_networking', 'No networking issues detected') : fail('check_networking', 'Could not reach the API'),
    checkServices(s),
  ];
}

function checkOs(s: DiagnosticsSnapshot): HealthCheck {
  const os = parseOsVersion(s.osVersion);
  if (!os) return fail('check_balenaOS', `Unknown host OS version: ${s.osVersion ?? 'none reported'}`);
  if (os.major < 2) return fail('check_balenaOS', `balenaOS 1.x is deprecated and unsupported (${s.osVersion})`);
  return pass('check_balenaOS', `Supported host OS detected: ${s.osVersion}`);
}

function checkMemory(s: DiagnosticsSnapshot): HealthCheck {
  const used = percent(s.memory.usedMb, s.memory.totalMb);
  return used > MEMORY_THRESHOLD_PERCENT
    ? fail('check_memory', `Low memory: ${used}% used (threshold ${MEMORY_THRESHOLD_PERCENT}%)`)
    : pass('check_memory', `${used}% memory used, below the ${MEMORY_THRESHOLD_PERCENT}% threshold`);
}

function checkTemperature(s: DiagnosticsSnapshot): HealthCheck {
  if (s.cpuTempC === null) return pass('check_temperature', 'No temperature sensor to check');
  return s.cpuTempC >= TEMPERATURE_THRESHOLD_C
    ? fail('check_temperature', `CPU temperature ${s.cpuTempC}°C is at or above ${TEMPERATURE_THRESHOLD_C}°C: the CPU may be throttled`)
    : pass('check_temperature', `No temperature issues detected (${s.cpuTempC}°C)`);
}

function checkDisk(s: DiagnosticsSnapshot): HealthCheck {
  const used = percent(s.storage.usedMb, s.storage.totalMb);
  return used > DISK_THRESHOLD_PERCENT
    ? fail('check_localdisk', `Data partition ${s.storage.blockDevice} is ${used}% full (threshold ${DISK_THRESHOLD_PERCENT}%)`)
    : pass('check_localdisk', `No local disk issues detected (${used}% used)`);
}

function checkServices(s: DiagnosticsSnapshot): HealthCheck {
  const down = s.services.filter((x) => !/^(running|idle)$/i.test(x.status)).map((x) => `${x.name} is ${x.status.toLowerCase()}`);
  const looping = s.services.filter((x) => x.restarts >= RESTART_THRESHOLD).map((x) => `${x.name} restarted ${x.restarts} times`);
  const problems = [...down, ...looping];
  if (problems.length > 0) return fail('check_service_restarts', `Some services are not running as expected: ${problems.join('; ')}`);
  return pass('check_service_restarts', s.services.length === 0 ? 'No services to check' : 'No services are restarting unexpectedly');
}
