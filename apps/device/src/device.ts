import { DEFAULT_PROFILE, type DeviceProfile } from './device-profile.ts';
import { ApiError, type DeviceApi, type LogLine, type TargetStateV3 } from './api-client.ts';
import { LogBuffer, appLogMessage } from './log-buffer.ts';
import { LogShipper } from './log-shipper.ts';
import { MetricsModel, type DeviceMetrics, type Rng } from './metrics.ts';
import type { OsUpdateLinkBody } from '@flotilla/core/schemas/os-update';
import { RegistryClient, type Blob } from './registry-client.ts';
import { advanceHostOsUpdate, hostAppReport, isHostOsUpdateActive, osVersionOf, startHostOsUpdate, type HostOsUpdate } from './host-os-update.ts';
import { HARDWARE_METRIC_FIELDS, SUPERVISOR_DEFAULTS, settingChanges, settingsFrom, type SupervisorSettings } from './supervisor-config.ts';

/**
 * One simulated device: the supervisor's life cycle as a state machine (compat §5):
 * provision → poll target state (ETag) → when the target release changes, download with
 * progress → install → run → report each change as a PATCH diff; metrics on their own,
 * slower cadence. `step()` does one round and says how long to wait before the next, so
 * the simulator can drive thousands of devices with plain timers.
 */

export interface DeviceIdentity {
  uuid: string;
  apiKey: string;
  deviceId?: number;
  ipAddress: string;
  macAddress: string;
}

export interface DeviceOptions {
  api: DeviceApi;
  identity: DeviceIdentity;
  deviceType: string;
  provisioningKey?: string;
  /**
   * config.json's `initialDeviceName`: once registered, the device names itself so
   * (`PATCH /v7/device(<id>)` with its key), as the supervisor does (compat §5.2 step 5).
   */
  initialDeviceName?: string;
  /** Fixed poll interval; when unset the device follows SUPERVISOR_POLL_INTERVAL from its target config (supervisor-config.ts). */
  pollIntervalMs?: number;
  metricsIntervalMs: number;
  /** Time between simulated download/install steps. */
  updateStepMs: number;
  /** How long the reboot into a new host OS keeps the device offline (default 5 s). */
  osUpdateRebootMs?: number;
  /** Each running service writes an application log line this often; 0 = only system logs. */
  appLogIntervalMs?: number;
  /**
   * Reads its supervisor target (should_be_managed_by__release) at most this often, like a
   * device's periodic update-balena-supervisor; not on every poll, which would double the API's
   * poll load. Default 60 s.
   */
  supervisorCheckMs?: number;
  rng?: Rng;
  now?: () => number;
  /** OS and supervisor versions (device-profile.ts); default: the current release. */
  profile?: DeviceProfile;
  /**
   * The registry that stores release images (e.g. `https://registry.example.com`): images whose
   * location is in it are really pulled (manifest and blobs, with the device's registry token),
   * and progress is the share of their bytes received. Unset, or an image elsewhere: the
   * download is simulated.
   */
  registryUrl?: string;
  /** Called when the identity gains a device id (so the simulator can persist it). */
  onIdentityChange?: (identity: DeviceIdentity) => void;
  /** Asks the loop that drives `step()` to run it now instead of finishing its sleep (a link action changed the device). */
  onWake?: () => void;
  log?: (message: string) => void;
}

export type UpdatePhase = 'downloading' | 'installing';
export type DeviceStatus = 'Idle' | 'Downloading' | 'Installing';
export type ServiceAction = 'start' | 'stop' | 'restart';

export interface ReleaseTarget {
  commit: string;
  releaseId: number;
  /** service name → image location, service id and image id */
  services: Record<string, { image: string; id: number; imageId: number }>;
}

export interface AppState {
  /** The application's numeric id (the supervisor API names apps by it). */
  appId: number;
  /** null = the fleet has no target release. */
  target: ReleaseTarget | null;
  running: ReleaseTarget | null;
  update: { phase: UpdatePhase; progress: number; pull?: ImagePull } | null;
  /** Services of the running release stopped through the supervisor API; a new release or a reboot starts them again. */
  stopped: Set<string>;
}

/** A real pull of a release's images from the registry: the blobs to download, one per step. */
export interface ImagePull {
  commit: string;
  blobs: Blob[];
  next: number;
  doneBytes: number;
  totalBytes: number;
}

/** The default profile's versions (device-profile.ts). */
export const OS_VERSION = DEFAULT_PROFILE.osVersion;
export const OS_VARIANT = DEFAULT_PROFILE.osVariant;
export const SUPERVISOR_VERSION = DEFAULT_PROFILE.supervisorVersion;
const DEFAULT_SUPERVISOR_CHECK_MS = 60_000;
const MAX_JITTER_MS = 60_000;
const BACKOFF_BASE_MS = 15_000;
/** A powered-off device's loop looks again this often (powerOn() wakes it sooner). */
const OFF_RECHECK_MS = 60_000;

/** Rounds the initial device name is tried before the device gives it up and polls anyway. */
const INITIAL_NAME_ATTEMPTS = 3;

export class SimulatedDevice {
  /** Reports `is_undervolted` (a misbehaving power supply, for tests and demos). */
  isUndervolted = false;
  readonly identity: DeviceIdentity;
  /** device_name from the target state; '' until the first target state arrives (see hasTargetState). */
  name = '';
  hasTargetState = false;
  /**
   * The API answers its polls 304 without ever having sent it a state: a frozen device (the
   * API's devices/device-frozen.ts), which it does not serve. It then polls only: its reports,
   * logs and link would be refused.
   */
  isHeldBack = false;
  readonly apps = new Map<string, AppState>();
  polls = 0;
  reports = 0;
  lastError: string | null = null;
  /** A supervisor update lock is held: reboot, shutdown, restart, purge and service actions answer 423 unless forced. */
  isUpdateLocked = false;
  /** The host OS update in progress or last done (host-os-update.ts). */
  hostOsUpdate: HostOsUpdate | null = null;
  /** A supervisor version read from should_be_managed_by__release, installed in the next round. */
  private pendingSupervisor: string | null = null;
  /** The initial device name still to report (set by provision(), cleared once the API took it). */
  private pendingInitialName: string | undefined;
  private initialNameAttempts = 0;
  /** When the supervisor target was last read (-Infinity: at the next poll). */
  private lastSupervisorCheckAt = -Infinity;
  /** OS and supervisor versions: the profile's, until an update changes them. */
  private versions: DeviceProfile;
  /** Off (rebooting, shut down or misbehaving): no polls, reports, logs or link until powerOnAt. */
  private poweredOff = false;
  private powerOnAt = 0;
  /** The supervisor settings in force (supervisor-config.ts); kept across reboots, as the supervisor's database keeps them. */
  private applied: SupervisorSettings;
  private etag: string | null = null;
  private nextPollAt = 0;
  private failures = 0;
  private lastSent: Record<string, string> = {};
  private lastMetricsAt = -Infinity;
  private lastAppLogAt = 0;
  // Each line goes out on the log-stream as it is logged (log-shipper.ts).
  private readonly logs = new LogBuffer(5000, 1000, () => this.logShipper?.notify());
  private readonly logShipper: LogShipper;
  private metrics: DeviceMetrics;
  private readonly model: MetricsModel;
  private readonly rng: Rng;
  private readonly now: () => number;

  get profile(): DeviceProfile {
    return this.versions;
  }

  constructor(private readonly opts: DeviceOptions) {
    this.versions = { ...(opts.profile ?? DEFAULT_PROFILE) };
    this.applied = { ...SUPERVISOR_DEFAULTS, pollIntervalMs: opts.pollIntervalMs ?? SUPERVISOR_DEFAULTS.pollIntervalMs };
    this.identity = opts.identity;
    this.rng = opts.rng ?? Math.random;
    this.now = opts.now ?? Date.now;
    this.model = new MetricsModel(this.rng);
    this.metrics = this.model.current();
    this.logShipper = new LogShipper({ buffer: this.logs, api: opts.api, identity: () => this.identity, isReady: () => this.isProvisioned && !this.poweredOff, log: opts.log });
  }

  get uuid(): string {
    return this.identity.uuid;
  }

  get isProvisioned(): boolean {
    return this.identity.deviceId !== undefined;
  }

  get status(): DeviceStatus {
    for (const app of this.apps.values()) {
      if (app.update?.phase === 'downloading') return 'Downloading';
      if (app.update?.phase === 'installing') return 'Installing';
    }
    return 'Idle';
  }

  get isUpdating(): boolean {
    return [...this.apps.values()].some((a) => a.update !== null) || isHostOsUpdateActive(this.hostOsUpdate) || this.pendingSupervisor !== null;
  }

  get pollIntervalMs(): number {
    return this.applied.pollIntervalMs;
  }

  /** The supervisor settings in force, applied from the target config. */
  get settings(): Readonly<SupervisorSettings> {
    return this.applied;
  }

  get isPoweredOn(): boolean {
    return !this.poweredOff;
  }

  /** One round: provision if needed, poll when due, advance an update, report changes. Returns ms until the next round. */
  async step(): Promise<number> {
    if (this.poweredOff) {
      const left = this.powerOnAt - this.now();
      if (left > 0) return Math.min(left, OFF_RECHECK_MS);
      this.boot();
    }
    try {
      if (!this.isProvisioned) await this.provision();
      if (this.pendingInitialName !== undefined) await this.reportInitialName(this.pendingInitialName);
      if (this.now() >= this.nextPollAt) {
        await this.poll();
        const interval = this.pollIntervalMs;
        this.nextPollAt = this.now() + interval + this.rng() * Math.min(interval * 0.1, MAX_JITTER_MS);
      }
      if (this.isHeldBack) {
        this.failures = 0;
        this.lastError = null;
        return Math.max(0, this.nextPollAt - this.now());
      }
      await this.pullImages();
      this.advanceUpdates();
      this.emitAppLogs();
      await this.report();
      await this.flushLogs();
      this.failures = 0;
      this.lastError = null;
    } catch (err) {
      this.failures += 1;
      this.lastError = err instanceof Error ? err.message : String(err);
      this.opts.log?.(`${this.identity.uuid.slice(0, 7)}: ${this.lastError}`);
      // A rejected device key means the server forgot us (wiped database): provision again.
      if (err instanceof ApiError && err.status === 401 && this.opts.provisioningKey) this.identity.deviceId = undefined;
      return Math.min(this.pollIntervalMs, BACKOFF_BASE_MS * 2 ** (this.failures - 1));
    }
    const untilPoll = Math.max(0, this.nextPollAt - this.now());
    return this.isUpdating ? Math.min(this.opts.updateStepMs, untilPoll) : untilPoll;
  }

  /** Register; on 409 (already registered) do the key exchange of compat §5.2 step 3. */
  async provision(): Promise<void> {
    const { api, provisioningKey, deviceType } = this.opts;
    const { uuid, apiKey } = this.identity;
    if (!provisioningKey) throw new Error('device is not registered and no provisioning key was given');
    let deviceId: number;
    try {
      deviceId = (
        await api.register(provisioningKey, {
          uuid,
          device_type: deviceType,
          api_key: apiKey,
          supervisor_version: this.profile.supervisorVersion,
          os_version: this.profile.osVersion,
          os_variant: this.profile.osVariant,
          mac_address: this.identity.macAddress,
        })
      ).id;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
      const own = await api.findDeviceId(apiKey, uuid);
      if (own !== null) deviceId = own;
      else {
        const found = await api.findDeviceId(provisioningKey, uuid);
        if (found === null) throw new Error(`uuid ${uuid} is registered but not visible to the provisioning key`);
        await api.exchangeDeviceKey(provisioningKey, found, apiKey);
        deviceId = found;
      }
    }
    this.identity.deviceId = deviceId;
    // Only when it registers: a device restarted from its state file keeps the name it has now.
    this.pendingInitialName = this.opts.initialDeviceName;
    this.log('Supervisor starting');
    // Everything must be reported again to a (possibly new) device row.
    this.lastSent = {};
    this.etag = null;
    this.lastMetricsAt = -Infinity;
    this.opts.onIdentityChange?.(this.identity);
  }

  /**
   * Before the first poll, so that the first target state already carries the name. A failure is
   * tried again next round, a few rounds at most; a refused name (4xx) is given up at once. The
   * device polls either way after that: a name is never worth staying offline for.
   */
  private async reportInitialName(name: string): Promise<void> {
    const { deviceId, apiKey } = this.identity;
    if (deviceId === undefined) return;
    try {
      await this.opts.api.setDeviceName?.(apiKey, deviceId, name);
      this.pendingInitialName = undefined;
    } catch (err) {
      this.initialNameAttempts += 1;
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      if (refused || this.initialNameAttempts >= INITIAL_NAME_ATTEMPTS) {
        this.pendingInitialName = undefined;
        this.log(`Could not set the initial device name: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
      throw err;
    }
  }

  setUpdateLocked(locked: boolean): void {
    this.isUpdateLocked = locked;
  }

  /** Goes dark for `ms` (Infinity: until powerOn()), like a device that lost power or network. */
  goOffline(ms = Infinity): void {
    this.poweredOff = true;
    this.powerOnAt = this.now() + ms;
    this.opts.onWake?.();
  }

  /** Ends goOffline()/shutdown() now. */
  powerOn(): void {
    if (!this.poweredOff) return;
    this.powerOnAt = this.now();
    this.opts.onWake?.();
  }

  reboot(offlineMs: number): void {
    this.log('Rebooting');
    this.goOffline(offlineMs);
  }

  shutdown(): void {
    this.log('Shutting down');
    this.goOffline(Infinity);
  }

  /** Back from power-off: the supervisor starts afresh, polls at once and reports everything again. */
  private boot(): void {
    this.poweredOff = false;
    if (this.hostOsUpdate?.phase === 'rebooting') {
      this.versions = { ...this.versions, osVersion: osVersionOf(this.hostOsUpdate.targetVersion) };
      this.hostOsUpdate = { ...this.hostOsUpdate, phase: 'done' };
    }
    this.log('Supervisor starting');
    for (const app of this.apps.values()) app.stopped.clear();
    this.lastSent = {};
    this.etag = null;
    this.nextPollAt = 0;
    this.lastMetricsAt = -Infinity;
  }

  /** Starts a host OS update sent over the link; 'busy' while another one runs. */
  startOsUpdate(body: OsUpdateLinkBody): 'started' | 'busy' {
    if (isHostOsUpdateActive(this.hostOsUpdate)) return 'busy';
    this.hostOsUpdate = startHostOsUpdate(body);
    this.log(`Host OS update to ${body.target_version} started${body.type === 'takeover' ? ' (takeover: the data partition is wiped)' : ''}`);
    this.opts.onWake?.();
    return 'started';
  }

  /** Poll the target state in the next round (the supervisor's `POST /v1/update`). */
  requestPoll(): void {
    this.nextPollAt = 0;
    this.opts.onWake?.();
  }

  /** The supervisor's identify: a real device blinks its LED; the simulator says so in its logs. */
  identify(): void {
    this.log('Identify');
  }

  /** Restarts the running services of app `appId`; false when the device runs no such app. */
  restartApp(appId: number): boolean {
    const app = this.findApp(appId);
    if (!app) return false;
    app.stopped.clear();
    for (const [name, s] of Object.entries(app.running?.services ?? {})) {
      this.log(`Killed service '${name}'`);
      this.log(`Started service '${name}'`);
      this.log(`${name} started`, s.id);
    }
    return true;
  }

  /** Purges the volumes of app `appId` (its services restart); false when the device runs no such app. */
  purgeApp(appId: number): boolean {
    if (!this.findApp(appId)) return false;
    this.log(`Purging data for app ${appId}`);
    this.restartApp(appId);
    this.log(`Purged data for app ${appId}`);
    return true;
  }

  /**
   * Starts, stops or restarts one service of the running release, found by image id or name.
   * Says which part was missing otherwise.
   */
  serviceAction(appId: number, which: { imageId?: number; serviceName?: string }, action: ServiceAction): 'done' | 'no-app' | 'no-service' {
    const app = this.findApp(appId);
    if (!app?.running) return 'no-app';
    const found = Object.entries(app.running.services).find(([name, s]) =>
      which.imageId !== undefined ? s.imageId === which.imageId : name === which.serviceName,
    );
    if (!found) return 'no-service';
    const [name, s] = found;
    const wasRunning = !app.stopped.has(name);
    if (wasRunning && action !== 'start') this.log(`Killed service '${name}'`);
    if (action === 'stop') app.stopped.add(name);
    else {
      app.stopped.delete(name);
      if (!wasRunning || action === 'restart') {
        this.log(`Started service '${name}'`);
        this.log(`${name} started`, s.id);
      }
    }
    // Report the new status now rather than at the next poll (the container table waits for it).
    this.opts.onWake?.();
    return 'done';
  }

  private findApp(appId: number): AppState | undefined {
    return [...this.apps.values()].find((a) => a.appId === appId);
  }

  async poll(): Promise<void> {
    const res = await this.opts.api.getTargetState(this.identity.apiKey, this.identity.uuid, this.etag);
    this.polls += 1;
    await this.checkSupervisorTarget();
    // A 304 with no state ever received: nothing to keep running but what it has (isHeldBack).
    this.isHeldBack = res.status === 304 && this.etag === null && !this.hasTargetState;
    if (res.status === 304) return;
    this.etag = res.etag;
    this.applyTarget(res.body);
    await this.checkHostOsTarget(res.body);
  }

  /**
   * The host OS the state names (the host app's release: `balena device os-update`, SDK
   * `pinToOsRelease`): an update to it starts, as one sent over the link does, unless the device
   * runs that OS already or is updating to it. Its version is read from the API (the state names
   * the release only).
   */
  private async checkHostOsTarget(body: TargetStateV3): Promise<void> {
    const apps = body[this.identity.uuid]?.apps ?? {};
    const host = Object.entries(apps).find(([, app]) => app.is_host);
    const release = host && Object.entries(host[1].releases ?? {})[0];
    if (!host || !release || !this.opts.api.getReleaseVersion) return;
    const [commit, { id }] = release;
    if (this.hostOsUpdate?.commit === commit) return;
    const version = await this.opts.api.getReleaseVersion(this.identity.apiKey, id).catch(() => null);
    if (version === null || osVersionOf(version) === this.versions.osVersion) return;
    this.startOsUpdate({ target_version: version, type: 'balenahup', app_uuid: host[0], release_uuid: commit });
  }

  /** Takes a new target state; an app whose target release changed starts downloading. */
  applyTarget(body: TargetStateV3): void {
    const target = body[this.identity.uuid];
    if (!target) return;
    this.name = target.name;
    this.hasTargetState = true;
    this.applyConfig(target.config ?? {});
    // Local mode: the apps are the developer's business on the device; the cloud's are not applied.
    if (this.applied.localMode) return;
    const seen = new Set<string>();
    for (const [appUuid, app] of Object.entries(target.apps ?? {})) {
      // The host OS is not an app of containers (checkHostOsTarget).
      if (app.is_host) continue;
      seen.add(appUuid);
      const entry = Object.entries(app.releases ?? {})[0];
      const next: ReleaseTarget | null = entry
        ? {
            commit: entry[0],
            releaseId: entry[1].id,
            services: Object.fromEntries(
              Object.entries(entry[1].services ?? {}).map(([n, s]) => [n, { image: s.image, id: s.id, imageId: s.image_id }]),
            ),
          }
        : null;
      const state = this.apps.get(appUuid) ?? { appId: app.id, target: null, running: null, update: null, stopped: new Set<string>() };
      state.appId = app.id;
      const previousTarget = state.target?.commit;
      state.target = next;
      if (next === null) {
        // No target release: stop whatever runs.
        state.running = null;
        state.update = null;
      } else if (state.running?.commit === next.commit) {
        state.update = null;
      } else if (state.update === null || previousTarget !== next.commit) {
        state.update = { phase: 'downloading', progress: 0 };
      }
      this.apps.set(appUuid, state);
    }
    for (const appUuid of [...this.apps.keys()]) if (!seen.has(appUuid)) this.apps.delete(appUuid);
  }

  /**
   * Applies the supervisor settings of a target config, saying so in the logs as the supervisor
   * does ("Applying configuration change {…}", then "Applied configuration change {…}"): that
   * is how the applied values reach the dashboard. A fixed poll interval (tests, simulator
   * option) is not the config's to change.
   */
  private applyConfig(config: Record<string, string>): void {
    const next = settingsFrom(config, this.applied);
    if (this.opts.pollIntervalMs !== undefined) next.pollIntervalMs = this.opts.pollIntervalMs;
    const changes = settingChanges(this.applied, next);
    if (Object.keys(changes).length === 0) return;
    // Turning logs off or on is itself sent: both lines go out if either side sends logs.
    if (sendsLogs(this.applied) || sendsLogs(next)) {
      const text = JSON.stringify(changes);
      this.logs.push(`Applying configuration change ${text}`, this.now());
      this.logs.push(`Applied configuration change ${text}`, this.now());
    }
    this.applied = next;
  }

  /** Reads should_be_managed_by__release (the device's update-balena-supervisor); a different version is installed next round. */
  private async checkSupervisorTarget(): Promise<void> {
    if (!this.opts.api.getSupervisorTarget || this.identity.deviceId === undefined) return;
    if (this.now() - this.lastSupervisorCheckAt < (this.opts.supervisorCheckMs ?? DEFAULT_SUPERVISOR_CHECK_MS)) return;
    this.lastSupervisorCheckAt = this.now();
    const target = await this.opts.api.getSupervisorTarget(this.identity.apiKey, this.identity.deviceId);
    if (target !== null && target !== this.versions.supervisorVersion && target !== this.pendingSupervisor) {
      this.pendingSupervisor = target;
      this.log(`Supervisor update to ${target}: downloading`);
    }
  }

  /** One step of the host OS update and the supervisor update: a reboot into the new OS, a restarted supervisor. */
  private advanceSystemUpdates(): void {
    if (this.pendingSupervisor !== null) {
      this.versions = { ...this.versions, supervisorVersion: this.pendingSupervisor };
      this.pendingSupervisor = null;
      this.log('Supervisor starting');
    }
    const update = this.hostOsUpdate;
    if (!update || !isHostOsUpdateActive(update)) return;
    this.hostOsUpdate = advanceHostOsUpdate(update, this.rng);
    if (this.hostOsUpdate.phase === 'rebooting') {
      this.log(`Rebooting into ${osVersionOf(update.targetVersion)}`);
      this.goOffline(this.opts.osUpdateRebootMs ?? 5000);
    }
  }

  private registryClient: RegistryClient | null = null;

  /** This device's registry client (its credentials are `d_<uuid>` and its key, compat §5.6), or null without a registry. */
  private get registry(): RegistryClient | null {
    if (!this.opts.registryUrl) return null;
    this.registryClient ??= new RegistryClient(this.opts.registryUrl, { username: `d_${this.identity.uuid}`, password: this.identity.apiKey });
    return this.registryClient;
  }

  /**
   * One step of each real pull: first the manifests (which say the blobs and their sizes), then
   * one blob per step, so the reported progress is the share of bytes really received. A
   * registry error fails the step (and the device backs off, then retries from the manifests).
   */
  private async pullImages(): Promise<void> {
    const registry = this.registry;
    if (!registry) return;
    for (const app of this.apps.values()) {
      const u = app.update;
      const target = app.target;
      if (!u || u.phase !== 'downloading' || !target) continue;
      const images = [...new Set(Object.values(target.services).map((s) => s.image))].filter((image) => registry.serves(image));
      if (images.length === 0) continue;
      if (u.pull?.commit !== target.commit) {
        const blobs: Blob[] = [];
        for (const image of images) {
          this.log(`Downloading image '${image}'`);
          blobs.push(...(await registry.plan(image)).blobs);
        }
        u.pull = { commit: target.commit, blobs, next: 0, doneBytes: 0, totalBytes: blobs.reduce((n, b) => n + b.size, 0) };
        u.progress = 0;
        continue;
      }
      const blob = u.pull.blobs[u.pull.next];
      if (!blob) continue;
      u.pull.doneBytes += await registry.fetchBlob(blob);
      u.pull.next += 1;
      u.progress = u.pull.next >= u.pull.blobs.length ? 100 : Math.min(99, Math.floor((u.pull.doneBytes / Math.max(1, u.pull.totalBytes)) * 100));
    }
  }

  /** One step of every update in progress: download (simulated in chunks, or a real pull's progress), then install, then run. */
  advanceUpdates(): void {
    this.advanceSystemUpdates();
    for (const app of this.apps.values()) {
      const u = app.update;
      if (!u) continue;
      const services = Object.entries(app.target?.services ?? {});
      if (u.phase === 'downloading') {
        if (u.pull) {
          // A real pull (pullImages): installing once every blob is in.
          if (u.pull.next < u.pull.blobs.length) continue;
        } else {
          if (u.progress === 0) for (const [, s] of services) this.log(`Downloading image '${s.image}'`);
          u.progress = Math.min(100, u.progress + 15 + Math.round(this.rng() * 25));
        }
        if (u.progress >= 100) {
          app.update = { phase: 'installing', progress: 100 };
          for (const [, s] of services) this.log(`Downloaded image '${s.image}'`);
          for (const [name] of services) this.log(`Installing service '${name}'`);
        }
      } else {
        for (const [name] of Object.entries(app.running?.services ?? {})) this.log(`Killed service '${name}'`);
        app.running = app.target;
        app.update = null;
        app.stopped.clear();
        for (const [name, s] of services) {
          this.log(`Started service '${name}'`);
          this.log(`${name} started`, s.id);
        }
      }
    }
  }

  /** Queues a log line: a system line, or a container line when serviceId is given. */
  log(message: string, serviceId?: number): void {
    if (!sendsLogs(this.applied)) return;
    this.logs.push(message, this.now(), serviceId);
  }

  /** Log lines not yet accepted by the server. */
  get pendingLogs(): readonly LogLine[] {
    return this.logs.pending;
  }

  private emitAppLogs(): void {
    const every = this.opts.appLogIntervalMs ?? 0;
    if (every <= 0 || this.now() - this.lastAppLogAt < every) return;
    this.lastAppLogAt = this.now();
    for (const app of this.apps.values()) {
      // The service travels as the line's service id: balena device logs and the dashboard print
      // its name beside the message, so the message does not repeat it.
      for (const s of Object.values(app.running?.services ?? {})) {
        this.log(appLogMessage(this.rng), s.id);
      }
    }
  }

  private async flushLogs(): Promise<void> {
    try {
      await this.logShipper.flush();
    } catch (err) {
      // Logs are best effort: a failing upload must not stall polling and reporting; retry next round.
      this.opts.log?.(`${this.identity.uuid.slice(0, 7)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The full current state as the supervisor would describe it (before diffing). */
  currentState(): Record<string, unknown> {
    const apps: Record<string, unknown> = {};
    for (const [appUuid, app] of this.apps) {
      const releases: Record<string, unknown> = {};
      if (app.running) {
        releases[app.running.commit] = {
          update_status: 'done',
          services: serviceReport(app.running.services, 'Running', null, app.stopped),
        };
      }
      if (app.update && app.target) {
        const downloading = app.update.phase === 'downloading';
        releases[app.target.commit] = {
          update_status: downloading ? 'downloading' : 'applying changes',
          services: serviceReport(app.target.services, downloading ? 'Downloading' : 'Installing', downloading ? app.update.progress : null),
        };
      }
      apps[appUuid] = { ...(app.running ? { release_uuid: app.running.commit } : {}), releases };
    }
    Object.assign(apps, hostAppReport(this.hostOsUpdate));
    const metrics: Partial<DeviceMetrics> = { ...this.metrics };
    // Hardware metrics off: none in the report (the undervoltage check is not a metric).
    if (!this.applied.hardwareMetrics) for (const field of HARDWARE_METRIC_FIELDS) delete metrics[field];
    return {
      status: this.status,
      os_version: this.profile.osVersion,
      os_variant: this.profile.osVariant,
      supervisor_version: this.profile.supervisorVersion,
      ip_address: this.identity.ipAddress,
      mac_address: this.identity.macAddress,
      api_port: 48484,
      ...metrics,
      // A power supply that sags below spec (a test can ask for it): the supervisor reports it.
      ...(this.isUndervolted ? { is_undervolted: true } : {}),
      // Local mode: the supervisor reports no apps (they are not the cloud's).
      ...(this.applied.localMode ? {} : { apps }),
    };
  }

  /** PATCH only what changed since the last successful report; metrics at most every metricsIntervalMs. */
  async report(): Promise<boolean> {
    const now = this.now();
    const metricsDue = now - this.lastMetricsAt >= this.opts.metricsIntervalMs;
    if (metricsDue) this.metrics = this.model.step();
    const full = this.currentState();
    const diff: Record<string, unknown> = {};
    const sent: Record<string, string> = {};
    for (const [key, value] of Object.entries(full)) {
      const encoded = JSON.stringify(value);
      sent[key] = encoded;
      if (this.lastSent[key] !== encoded) diff[key] = value;
    }
    if (Object.keys(diff).length === 0) return false;
    await this.opts.api.patchState(this.identity.apiKey, { [this.identity.uuid]: diff });
    this.reports += 1;
    this.lastSent = sent;
    if (metricsDue) this.lastMetricsAt = now;
    return true;
  }
}

/** Log lines go to the cloud unless logging is off or the device is in local mode (fleets spec §8 "Logs are not available in local mode"). */
function sendsLogs(s: SupervisorSettings): boolean {
  return s.logControl && !s.localMode;
}

function serviceReport(
  services: ReleaseTarget['services'],
  status: string,
  progress: number | null,
  stopped: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(services).map(([name, s]) => [name, { image: s.image, status: stopped.has(name) ? 'Stopped' : status, download_progress: progress }]),
  );
}
