import type { SimulatedDevice } from '../device.ts';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';

/**
 * A simulated device as the diagnostics see it: its reported metrics, versions and services
 * (currentState, what it PATCHes to the API), so a check fails exactly when the device's state
 * says so — undervolted, memory or disk above 90 %, a hot CPU, a stopped or crash-looping service.
 */
export function simulatedSnapshot(device: SimulatedDevice, restarts: ReadonlyMap<string, number>, bootedAt: number, now: number): DiagnosticsSnapshot {
  const state = device.currentState();
  const num = (key: string) => (typeof state[key] === 'number' ? (state[key] as number) : 0);
  const services: DiagnosticsSnapshot['services'] = [];
  for (const app of device.apps.values()) {
    for (const name of Object.keys(app.running?.services ?? {})) {
      services.push({ name, status: app.stopped.has(name) ? 'Stopped' : 'Running', restarts: restarts.get(name) ?? 0 });
    }
  }
  return {
    hostname: device.uuid.slice(0, 7),
    osVersion: device.profile.osVersion,
    supervisorVersion: device.profile.supervisorVersion,
    uptimeS: Math.max(0, Math.floor((now - bootedAt) / 1000)),
    memory: { usedMb: num('memory_usage'), totalMb: num('memory_total') },
    storage: { usedMb: num('storage_usage'), totalMb: num('storage_total'), blockDevice: String(state.storage_block_device ?? '/dev/mmcblk0p6') },
    cpuTempC: num('cpu_temp'),
    cpuUsagePercent: num('cpu_usage'),
    isUndervolted: device.isUndervolted,
    services,
    isClockSynced: true,
    isApiReachable: true,
    isEngineHealthy: true,
    ipAddresses: [device.identity.ipAddress],
  };
}
