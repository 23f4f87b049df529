import { execFile } from 'node:child_process';
import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import type { DiagnosticsSnapshot } from './device-snapshot.ts';

/**
 * The host the sidecar runs on (a real balenaOS device beside its supervisor), read for the
 * diagnostics: memory from the kernel, the data partition's space, the thermal zone, the
 * supervisor's own state (`/v2/state/status` through `readSupervisor`), the clock's NTP state
 * from timedatectl when it exists. What cannot be read is reported as unknown, not as failed.
 */

export interface HostSnapshotOptions {
  /** The data partition to measure (balenaOS mounts it at /mnt/data). */
  dataPath?: string;
  /** The supervisor's version and containers; null when it does not answer. */
  readSupervisor: () => Promise<{ version: string | null; services: DiagnosticsSnapshot['services'] } | null>;
  /** Whether the API answers its /ping. */
  pingApi: () => Promise<boolean>;
}

const run = promisify(execFile);

export async function hostSnapshot(opts: HostSnapshotOptions): Promise<DiagnosticsSnapshot> {
  const [disk, temp, osRelease, supervisor, apiUp, synced] = await Promise.all([
    statfs(opts.dataPath ?? '/mnt/data').catch(() => statfs('/')),
    readFile('/sys/class/thermal/thermal_zone0/temp', 'utf8').then((t) => Math.round(Number(t.trim()) / 1000)).catch(() => null),
    readFile('/etc/os-release', 'utf8').catch(() => ''),
    opts.readSupervisor().catch(() => null),
    opts.pingApi().catch(() => false),
    run('timedatectl', ['show', '-p', 'NTPSynchronized', '--value'], { timeout: 5_000 })
      .then(({ stdout }) => stdout.trim() === 'yes')
      .catch(() => null),
  ]);
  const blockMb = (n: number) => (Number(disk.bsize) * n) / 1024 / 1024;
  const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(osRelease)?.[1] ?? null;
  return {
    hostname: os.hostname(),
    osVersion: pretty,
    supervisorVersion: supervisor?.version ?? null,
    uptimeS: Math.floor(os.uptime()),
    memory: { usedMb: (os.totalmem() - os.freemem()) / 1024 / 1024, totalMb: os.totalmem() / 1024 / 1024 },
    storage: { usedMb: blockMb(Number(disk.blocks) - Number(disk.bfree)), totalMb: blockMb(Number(disk.blocks)), blockDevice: opts.dataPath ?? '/mnt/data' },
    cpuTempC: Number.isFinite(temp) ? temp : null,
    cpuUsagePercent: null,
    isUndervolted: false,
    services: supervisor?.services ?? [],
    isClockSynced: synced,
    isApiReachable: apiUp,
    isEngineHealthy: supervisor === null ? false : true,
    ipAddresses: Object.values(os.networkInterfaces())
      .flat()
      .filter((i): i is os.NetworkInterfaceInfo => i !== undefined && !i.internal)
      .map((i) => i.address),
  };
}
