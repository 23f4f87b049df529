import { profileFor } from './device-profile.ts';
import { HttpApiClient, type DeviceApi } from './api-client.ts';
import { SimulatedDevice } from './device.ts';
import { SimulatedDeviceLink, type SimulatedDeviceLinkOptions } from './link/simulated-device-link.ts';
import { loadIdentities, saveIdentities, takeIdentities } from './state-file.ts';

/**
 * Runs N simulated devices in one process. Each device is an async loop of
 * `device.step()` + timer; provisioning goes through a small semaphore so thousands of
 * devices do not register all at once.
 */

export interface FleetSimulatorOptions {
  apiUrl: string;
  /** Fleet provisioning key. Either this, or `fleet` + `userToken` to mint one. */
  provisioningKey?: string;
  fleet?: string;
  userToken?: string;
  count: number;
  /** Poll interval; unset = follow the server's RESIN_SUPERVISOR_POLL_INTERVAL. */
  intervalMs?: number;
  /** Metrics-only reports at most this often (supervisor: 5 min). */
  metricsIntervalMs?: number;
  /** Download/install step while updating; default min(interval, 2 s). */
  updateStepMs?: number;
  /** Application log line per running service this often (default 60 s; 0 = system logs only). */
  appLogIntervalMs?: number;
  /** Each device reads its supervisor target at most this often (default 60 s; tests shorten it). */
  supervisorCheckMs?: number;
  deviceType?: string;
  /** The name each device takes once registered (config.json `initialDeviceName`, compat §5.2 step 5). */
  initialDeviceName?: string;
  stateFile?: string;
  provisionConcurrency?: number;
  log?: (message: string) => void;
  /** Replaces the HTTP client (tests). */
  api?: DeviceApi;
  /** Keep a device link to the API per device, answering supervisor actions (default true). */
  link?: boolean;
  /** How long a device rebooted over the link stays offline (default 5 s). */
  rebootMs?: number;
  /** The first this many devices start with an update lock held (reboot and friends answer 423 unless forced). */
  lockedDevices?: number;
  /** Vary OS and supervisor versions across the fleet (device-profile.ts), as a real fleet drifts. */
  varied?: boolean;
  /** The last this many devices report an undervolted power supply. */
  undervoltedDevices?: number;
  /** The registry of release images (device.ts `registryUrl`): pull them for real; unset = simulated downloads. */
  registryUrl?: string;
  /** Link client timings (tests shorten them). */
  linkClient?: SimulatedDeviceLinkOptions['client'];
}

export interface FleetSimulator {
  devices: SimulatedDevice[];
  /** Resolves when every device is registered and has fetched its target state (so `name` is known); rejects after timeoutMs. */
  waitUntilProvisioned(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_DEVICE_TYPE = 'raspberrypi4-64';
const DEFAULT_METRICS_INTERVAL_MS = 5 * 60_000;
const DEFAULT_APP_LOG_INTERVAL_MS = 60_000;
const DEFAULT_REBOOT_MS = 5_000;

export async function startFleetSimulator(opts: FleetSimulatorOptions): Promise<FleetSimulator> {
  if (!Number.isInteger(opts.count) || opts.count < 1) throw new Error('count must be a positive integer');
  const http = new HttpApiClient(opts.apiUrl);
  const api = opts.api ?? http;
  let provisioningKey = opts.provisioningKey;
  if (!provisioningKey && opts.fleet && opts.userToken) {
    const fleetId = await http.resolveFleetId(opts.userToken, opts.fleet);
    provisioningKey = await http.createProvisioningKey(opts.userToken, fleetId);
  }

  const stored = opts.stateFile ? loadIdentities(opts.stateFile) : [];
  const { used, all } = takeIdentities(stored, opts.count);
  if (!provisioningKey && used.some((d) => d.deviceId === undefined)) {
    throw new Error('a provisioning key (or --fleet with --token) is needed to register new devices');
  }
  const persist = () => {
    if (opts.stateFile) saveIdentities(opts.stateFile, all);
  };
  persist();

  const updateStepMs = opts.updateStepMs ?? Math.min(opts.intervalMs ?? 2000, 2000);
  let stopped = false;
  // Each device's loop sleeps between rounds; a link action (reboot, update …) wakes it early.
  const sleeping = new Map<string, () => void>();
  const wakeRequested = new Set<string>();
  const sleep = (uuid: string, ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped || wakeRequested.delete(uuid)) return resolve();
      const timer = setTimeout(() => finish(), ms);
      const finish = () => {
        clearTimeout(timer);
        sleeping.delete(uuid);
        resolve();
      };
      sleeping.set(uuid, finish);
    });
  const wake = (uuid: string) => {
    const finish = sleeping.get(uuid);
    if (finish) finish();
    else wakeRequested.add(uuid);
  };
  const devices = used.map(
    (identity, index) =>
      new SimulatedDevice({
        api,
        identity,
        profile: profileFor(index, opts.varied === true),
        deviceType: opts.deviceType ?? DEFAULT_DEVICE_TYPE,
        provisioningKey,
        initialDeviceName: opts.initialDeviceName,
        pollIntervalMs: opts.intervalMs,
        metricsIntervalMs: opts.metricsIntervalMs ?? DEFAULT_METRICS_INTERVAL_MS,
        updateStepMs,
        // The reboot into a new host OS takes as long as any reboot of the simulator.
        osUpdateRebootMs: opts.rebootMs ?? DEFAULT_REBOOT_MS,
        appLogIntervalMs: opts.appLogIntervalMs ?? DEFAULT_APP_LOG_INTERVAL_MS,
        supervisorCheckMs: opts.supervisorCheckMs,
        registryUrl: opts.registryUrl,
        onIdentityChange: persist,
        onWake: () => wake(identity.uuid),
        log: opts.log,
      }),
  );
  devices.slice(0, opts.lockedDevices ?? 0).forEach((d) => d.setUpdateLocked(true));
  if (opts.undervoltedDevices) devices.slice(-opts.undervoltedDevices).forEach((d) => (d.isUndervolted = true));
  const links = new Map<SimulatedDevice, SimulatedDeviceLink>();
  if (opts.link !== false) {
    for (const d of devices) {
      links.set(d, new SimulatedDeviceLink(d, { apiUrl: opts.apiUrl, rebootMs: opts.rebootMs ?? DEFAULT_REBOOT_MS, log: opts.log, client: opts.linkClient }));
    }
  }
  const provisioning = semaphore(opts.provisionConcurrency ?? 20);

  const run = async (device: SimulatedDevice) => {
    // Spread the first polls of a big fleet over a short window instead of one burst.
    await sleep(device.uuid, Math.random() * Math.min(opts.intervalMs ?? 1000, 1000) * Math.min(1, devices.length / 100));
    while (!stopped) {
      const delay = device.isProvisioned ? await device.step() : await provisioning(() => device.step());
      if (!stopped) links.get(device)?.sync();
      await sleep(device.uuid, delay);
    }
  };
  const loops = devices.map((d) => run(d));

  return {
    devices,
    async waitUntilProvisioned(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      // A held-back (frozen) device is as far as it will get: provisioned, no state.
      while (!devices.every((d) => d.isProvisioned && (d.hasTargetState || d.isHeldBack))) {
        if (stopped) throw new Error('simulator stopped');
        if (Date.now() > deadline) {
          const errors = devices.map((d) => d.lastError).filter(Boolean);
          throw new Error(`devices not provisioned after ${timeoutMs} ms${errors.length ? `: ${errors[0]}` : ''}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const finish of [...sleeping.values()]) finish();
      await Promise.allSettled(loops);
      await Promise.allSettled([...links.values()].map((l) => l.stop()));
      persist();
    },
  };
}

/** At most `n` concurrent calls; the others wait in order. */
function semaphore(n: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    // A released slot is handed straight to the next waiter, so `active` never exceeds n.
    if (active >= n) await new Promise<void>((r) => queue.push(r));
    else active += 1;
    try {
      return await fn();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
