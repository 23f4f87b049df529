/**
 * What the health checks and the diagnostics report read of a device: the same facts whether
 * they come from a simulated device (simulated-snapshot.ts) or from the host the sidecar runs
 * on (host-snapshot.ts). Sizes in MB, temperatures in °C, as the supervisor reports metrics.
 */
export interface DiagnosticsSnapshot {
  hostname: string;
  osVersion: string | null;
  supervisorVersion: string | null;
  /** Seconds since boot. */
  uptimeS: number;
  memory: { usedMb: number; totalMb: number };
  storage: { usedMb: number; totalMb: number; blockDevice: string };
  /** null when the host has no readable sensor. */
  cpuTempC: number | null;
  cpuUsagePercent: number | null;
  isUndervolted: boolean;
  /** The containers of the running release: their status and restarts since the agent started. */
  services: Array<{ name: string; status: string; restarts: number }>;
  /** The clock is synchronised (NTP); null when unknown. */
  isClockSynced: boolean | null;
  /** The device reaches the API (for a linked device: yes). */
  isApiReachable: boolean;
  /** Whether a container engine answers; null when not known (a bare host without one). */
  isEngineHealthy: boolean | null;
  ipAddresses: string[];
}
