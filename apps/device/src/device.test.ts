import { describe, expect, it } from 'vitest';
import { ApiError, type DeviceApi, type LogLine, type RegisterBody, type TargetStateResult, type TargetStateV3 } from './api-client.ts';
import { SimulatedDevice, type DeviceIdentity, type DeviceOptions } from './device.ts';
import { seededRng } from './metrics.ts';

/** An in-memory stand-in for the HTTP API that records what the device sends. */
class FakeApi implements DeviceApi {
  registered = new Map<string, { id: number; key: string }>();
  reports: Array<Record<string, unknown>> = [];
  target: TargetStateV3 = {};
  etag = 'e1';
  exchanged: string[] = [];
  registerCalls = 0;

  async register(_pk: string, body: RegisterBody) {
    this.registerCalls += 1;
    if (this.registered.has(body.uuid)) throw new ApiError(409, '"uuid" must be unique.');
    const id = this.registered.size + 1;
    this.registered.set(body.uuid, { id, key: body.api_key });
    return { id };
  }
  async findDeviceId(key: string, uuid: string) {
    const d = this.registered.get(uuid);
    if (!d) return null;
    return key === d.key || key === 'PK' ? d.id : null;
  }
  async exchangeDeviceKey(_pk: string, deviceId: number, deviceKey: string) {
    for (const d of this.registered.values()) if (d.id === deviceId) d.key = deviceKey;
    this.exchanged.push(deviceKey);
  }
  async getTargetState(_key: string, _uuid: string, etag: string | null): Promise<TargetStateResult> {
    if (etag === this.etag) return { status: 304 };
    return { status: 200, etag: this.etag, body: this.target };
  }
  async patchState(_key: string, report: Record<string, unknown>) {
    this.reports.push(report);
  }
  logs: LogLine[] = [];
  async postLogs(_key: string, _uuid: string, lines: LogLine[]) {
    this.logs.push(...lines);
  }
}

const identity = (): DeviceIdentity => ({ uuid: 'a'.repeat(32), apiKey: 'k'.repeat(32), ipAddress: '10.0.0.2', macAddress: '02:00:00:00:00:01' });

function targetWith(uuid: string, commit: string | null): TargetStateV3 {
  return {
    [uuid]: {
      name: 'quiet-river',
      config: { RESIN_SUPERVISOR_POLL_INTERVAL: '600000' },
      apps: {
        app1: {
          id: 1,
          name: 'fleet',
          class: 'fleet',
          releases: commit ? { [commit]: { id: 7, services: { main: { id: 3, image_id: 4, image: 'registry/main' } } } } : {},
        },
      },
    },
  };
}

function makeDevice(api: FakeApi, now = { t: 0 }, id = identity(), extra: Partial<DeviceOptions> = {}) {
  return new SimulatedDevice({
    api,
    identity: id,
    deviceType: 'raspberrypi4-64',
    provisioningKey: 'PK',
    pollIntervalMs: 1000,
    metricsIntervalMs: 300_000,
    updateStepMs: 100,
    rng: seededRng(1),
    now: () => now.t,
    ...extra,
  });
}

const body = (report: Record<string, unknown>) => report['a'.repeat(32)] as Record<string, unknown>;

describe('SimulatedDevice', () => {
  it('polls only while the API holds its state back (a frozen device: 304 with no state ever sent), and goes on once served', async () => {
    const api = new FakeApi();
    const frozen = { on: true };
    const getTargetState = api.getTargetState.bind(api);
    api.getTargetState = async (key, uuid, etag) => (frozen.on ? { status: 304 } : getTargetState(key, uuid, etag));
    api.target = targetWith('a'.repeat(32), null);
    const now = { t: 0 };
    const d = makeDevice(api, now);
    await d.step();
    expect([d.isProvisioned, d.isHeldBack, d.hasTargetState, d.lastError]).toEqual([true, true, false, null]);
    expect(api.reports).toEqual([]);
    frozen.on = false;
    now.t += 2000;
    await d.step();
    expect([d.isHeldBack, d.hasTargetState]).toEqual([false, true]);
    expect(api.reports.length).toBeGreaterThan(0);
  });

  it('reports the versions of its profile, and an undervolted supply once told to', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    const now = { t: 0 };
    const d = makeDevice(api, now, identity(), { profile: { osVersion: 'balenaOS 2024.10.1', osVariant: 'dev', supervisorVersion: '16.7.4' } });
    await d.step();
    expect(body(api.reports[0]!)).toMatchObject({ os_version: 'balenaOS 2024.10.1', os_variant: 'dev', supervisor_version: '16.7.4' });
    expect(body(api.reports[0]!).is_undervolted).toBe(false);
    d.isUndervolted = true;
    now.t = 2000;
    await d.step();
    expect(body(api.reports.at(-1)!)).toEqual({ is_undervolted: true });
  });

  it('registers, polls and reports its full state once, then only changes', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    const now = { t: 0 };
    const d = makeDevice(api, now);
    const wait = await d.step();
    expect(d.identity.deviceId).toBe(1);
    expect(d.name).toBe('quiet-river');
    expect(wait).toBeGreaterThanOrEqual(1000);
    const first = body(api.reports[0]!);
    expect(first).toMatchObject({ status: 'Idle', os_version: 'balenaOS 6.0.0', os_variant: 'prod', supervisor_version: '17.0.0', ip_address: '10.0.0.2' });
    expect(typeof first.cpu_usage).toBe('number');
    expect(typeof first.memory_total).toBe('number');

    // Nothing changed and metrics are not due: no PATCH at all.
    now.t = 2000;
    await d.step();
    expect(api.reports).toHaveLength(1);
    expect(d.polls).toBe(2);

    // Metrics due again: a metrics-only diff.
    now.t = 400_000;
    await d.step();
    expect(api.reports).toHaveLength(2);
    const second = body(api.reports[1]!);
    expect(second.os_version).toBeUndefined();
    expect(second.status).toBeUndefined();
    expect(typeof second.cpu_usage).toBe('number');
  });

  it('downloads with progress, installs and runs a new target release', async () => {
    const api = new FakeApi();
    const uuid = 'a'.repeat(32);
    api.target = targetWith(uuid, null);
    const now = { t: 0 };
    const d = makeDevice(api, now);
    await d.step();
    api.target = targetWith(uuid, 'c'.repeat(32));
    api.etag = 'e2';
    now.t = 5000;
    const wait = await d.step();
    expect(wait).toBe(100); // update steps are faster than polls
    expect(d.status).toBe('Downloading');
    const dl = body(api.reports.at(-1)!);
    expect(dl.status).toBe('Downloading');
    const rel = (dl.apps as Record<string, { releases: Record<string, { update_status: string; services: Record<string, { status: string; download_progress: number }> }> }>).app1!.releases['c'.repeat(32)]!;
    expect(rel.update_status).toBe('downloading');
    expect(rel.services.main!.status).toBe('Downloading');
    expect(rel.services.main!.download_progress).toBeGreaterThan(0);
    expect(rel.services.main!.download_progress).toBeLessThan(100);

    const seen = new Set<string>();
    for (let i = 0; i < 20 && d.isUpdating; i++) {
      now.t += 100;
      await d.step();
      seen.add(d.status);
    }
    expect(seen.has('Installing')).toBe(true);
    expect(d.status).toBe('Idle');
    const done = body(api.reports.at(-1)!);
    expect(done.status).toBe('Idle');
    const app = (done.apps as Record<string, { release_uuid: string; releases: Record<string, { update_status: string; services: Record<string, { status: string }> }> }>).app1!;
    expect(app.release_uuid).toBe('c'.repeat(32));
    expect(app.releases['c'.repeat(32)]!.update_status).toBe('done');
    expect(app.releases['c'.repeat(32)]!.services.main!.status).toBe('Running');
    const messages = api.logs.map((l) => l.message);
    expect(messages[0]).toBe('Supervisor starting');
    expect(messages).toEqual(expect.arrayContaining(["Downloading image 'registry/main'", "Installing service 'main'", "Started service 'main'"]));
    expect(api.logs.find((l) => l.serviceId === 3)?.message).toBe('main started');
  });

  it("writes its services' log lines without the service's name, which travels as the line's service id", async () => {
    const api = new FakeApi();
    const uuid = 'a'.repeat(32);
    api.target = targetWith(uuid, 'c'.repeat(32));
    const now = { t: 0 };
    const d = makeDevice(api, now, identity(), { appLogIntervalMs: 1000 });
    for (let i = 0; i < 30 && (d.isUpdating || d.status !== 'Idle' || i < 2); i++) {
      now.t += 1000;
      await d.step();
    }
    const appLines = api.logs.filter((l) => l.serviceId === 3 && l.message !== 'main started');
    expect(appLines.length).toBeGreaterThan(0);
    // balena device logs and the dashboard print the service's name beside each line already.
    for (const line of appLines) expect(line.message).not.toMatch(/^\[main\]/);
  });

  it('keeps log lines when the upload fails and still reports state', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    api.postLogs = async () => {
      throw new ApiError(500, 'boom');
    };
    const d = makeDevice(api);
    await d.step();
    expect(d.lastError).toBeNull();
    expect(api.reports).toHaveLength(1);
    expect(d.pendingLogs.map((l) => l.message)).toEqual(['Supervisor starting']);
  });

  it('does the key exchange when its uuid is already registered under another key', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    api.registered.set('a'.repeat(32), { id: 9, key: 'old-key' });
    const d = makeDevice(api);
    await d.step();
    expect(d.identity.deviceId).toBe(9);
    expect(api.exchanged).toEqual(['k'.repeat(32)]);
  });

  it('names itself once registered (config.json initialDeviceName), before its first poll, retrying a failed report; a restored device does not', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    const named: Array<{ key: string; id: number; name: string; polledBefore: boolean }> = [];
    let polls = 0;
    const getTargetState = api.getTargetState.bind(api);
    api.getTargetState = async (...args) => {
      polls += 1;
      return getTargetState(...args);
    };
    let failNext = true;
    Object.assign(api, {
      async setDeviceName(key: string, id: number, name: string) {
        if (failNext) {
          failNext = false;
          throw new ApiError(503, 'initial device name: 503');
        }
        named.push({ key, id, name, polledBefore: polls > 0 });
      },
    });
    const now = { t: 0 };
    const d = makeDevice(api, now, identity(), { initialDeviceName: 'greenhouse-1' });
    await d.step();
    expect(named).toEqual([]);
    now.t += 60_000;
    await d.step();
    expect(named).toEqual([{ key: 'k'.repeat(32), id: 1, name: 'greenhouse-1', polledBefore: false }]);
    now.t += 60_000;
    await d.step();
    expect(named).toHaveLength(1);

    // Restarted from its state file (already registered): it keeps whatever name it has now.
    const restored = makeDevice(api, { t: 0 }, { ...identity(), deviceId: 1 }, { initialDeviceName: 'greenhouse-1' });
    await restored.step();
    expect(named).toHaveLength(1);
  });

  it('gives up an initial name the API refuses (4xx) and polls anyway', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    let polls = 0;
    const getTargetState = api.getTargetState.bind(api);
    api.getTargetState = async (...args) => {
      polls += 1;
      return getTargetState(...args);
    };
    let attempts = 0;
    Object.assign(api, {
      async setDeviceName() {
        attempts += 1;
        throw new ApiError(400, 'initial device name: 400');
      },
    });
    const d = makeDevice(api, { t: 0 }, identity(), { initialDeviceName: ' ' });
    await d.step();
    expect(attempts).toBe(1);
    expect(polls).toBe(1);
  });

  it('reuses its registration when the server already knows its key', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    api.registered.set('a'.repeat(32), { id: 4, key: 'k'.repeat(32) });
    const d = makeDevice(api);
    await d.step();
    expect(d.identity.deviceId).toBe(4);
    expect(api.exchanged).toEqual([]);
  });

  it('backs off after a failure and re-provisions when its key is rejected', async () => {
    const api = new FakeApi();
    api.target = targetWith('a'.repeat(32), null);
    const d = makeDevice(api, { t: 0 }, { ...identity(), deviceId: 99 });
    api.getTargetState = async () => {
      throw new ApiError(401, 'Unauthorized');
    };
    const wait = await d.step();
    expect(wait).toBe(1000); // min(poll interval, 15 s)
    expect(d.lastError).toContain('Unauthorized');
    expect(d.isProvisioned).toBe(false);
  });
});

/** The target of targetWith with `config` as its configuration. */
function withConfig(target: TargetStateV3, config: Record<string, string>): TargetStateV3 {
  const [uuid, device] = Object.entries(target)[0]!;
  return { [uuid]: { ...device, config } };
}

describe('SimulatedDevice configuration (supervisor settings from the target config)', () => {
  const uuid = 'a'.repeat(32);
  /** A device that follows the config's poll interval (no fixed one), after its first round. */
  async function following(config: Record<string, string>, commit: string | null = null) {
    const api = new FakeApi();
    api.target = withConfig(targetWith(uuid, commit), config);
    const now = { t: 0 };
    const d = makeDevice(api, now, identity(), { pollIntervalMs: undefined });
    await d.step();
    /** Serves a new target (new ETag) and runs the device's next poll. */
    const serve = async (config: Record<string, string>, commit: string | null = null) => {
      api.target = withConfig(targetWith(uuid, commit), config);
      api.etag = `${api.etag}+`;
      d.requestPoll();
      now.t += 1;
      await d.step();
    };
    return { api, d, now, serve, messages: () => api.logs.map((l) => l.message) };
  }

  it('follows the poll interval (BALENA_ over RESIN_, device or fleet already merged by the API) and logs the change as the supervisor does', async () => {
    const { d, now, serve, messages } = await following({ RESIN_SUPERVISOR_POLL_INTERVAL: '600000' });
    expect(d.pollIntervalMs).toBe(600_000);
    expect(messages()).toContain('Applied configuration change {"SUPERVISOR_POLL_INTERVAL":"600000"}');
    await serve({ RESIN_SUPERVISOR_POLL_INTERVAL: '600000', BALENA_SUPERVISOR_POLL_INTERVAL: '30000' });
    expect(d.pollIntervalMs).toBe(30_000);
    expect(messages().slice(-2)).toEqual([
      'Applying configuration change {"SUPERVISOR_POLL_INTERVAL":"30000"}',
      'Applied configuration change {"SUPERVISOR_POLL_INTERVAL":"30000"}',
    ]);
    // The next poll is due one interval (plus at most 10 % jitter) after this one.
    const polls = d.polls;
    now.t += 29_000;
    await d.step();
    expect(d.polls).toBe(polls);
    now.t += 4_500;
    await d.step();
    expect(d.polls).toBe(polls + 1);
    // A value the supervisor would refuse keeps the one in force; the same config logs nothing.
    const before = messages().length;
    await serve({ RESIN_SUPERVISOR_POLL_INTERVAL: 'ten' });
    expect(d.pollIntervalMs).toBe(30_000);
    expect(messages()).toHaveLength(before);
    // Removed altogether: back to the supervisor's default.
    await serve({});
    expect(d.pollIntervalMs).toBe(900_000);
  });

  it('keeps a fixed poll interval given as an option', async () => {
    const api = new FakeApi();
    api.target = withConfig(targetWith(uuid, null), { RESIN_SUPERVISOR_POLL_INTERVAL: '5000' });
    const d = makeDevice(api);
    await d.step();
    expect(d.pollIntervalMs).toBe(1000);
    expect(api.logs.map((l) => l.message)).toEqual(['Supervisor starting']);
  });

  it('local mode: the cloud’s releases are not applied, apps are not reported, logs stay on the device; off again, the cloud’s target applies', async () => {
    const { api, d, serve, messages } = await following({}, 'c'.repeat(32));
    for (let i = 0; i < 20 && d.isUpdating; i++) await serve({}, 'c'.repeat(32));
    expect([...d.apps.values()][0]!.running?.commit).toBe('c'.repeat(32));

    await serve({ BALENA_SUPERVISOR_LOCAL_MODE: '1' }, 'c'.repeat(32));
    expect(d.settings.localMode).toBe(true);
    expect(messages().at(-1)).toBe('Applied configuration change {"SUPERVISOR_LOCAL_MODE":"true"}');
    const reportsBefore = api.reports.length;
    const logsBefore = api.logs.length;
    // A new release arrives while in local mode: nothing starts, nothing about apps is reported.
    await serve({ BALENA_SUPERVISOR_LOCAL_MODE: '1' }, 'd'.repeat(32));
    expect(d.isUpdating).toBe(false);
    expect([...d.apps.values()][0]!.running?.commit).toBe('c'.repeat(32));
    d.restartApp(1);
    await serve({ BALENA_SUPERVISOR_LOCAL_MODE: '1' }, 'd'.repeat(32));
    expect(api.reports.slice(reportsBefore).every((r) => body(r).apps === undefined)).toBe(true);
    expect(api.logs.length, 'no log line leaves the device in local mode').toBe(logsBefore);

    // Off again: the change is logged, the cloud's latest target downloads, apps are reported in full.
    await serve({ BALENA_SUPERVISOR_LOCAL_MODE: '0' }, 'd'.repeat(32));
    expect(d.settings.localMode).toBe(false);
    expect(messages()).toContain('Applied configuration change {"SUPERVISOR_LOCAL_MODE":"false"}');
    expect(d.isUpdating).toBe(true);
    expect(body(api.reports.at(-1)!).apps).toBeDefined();
  });

  it('hardware metrics off: no metrics in the state reports (the undervoltage check stays); on again, they come back', async () => {
    const { api, d, now, serve } = await following({});
    expect(typeof body(api.reports[0]!).cpu_usage).toBe('number');
    await serve({ RESIN_SUPERVISOR_HARDWARE_METRICS: 'false' });
    expect(d.settings.hardwareMetrics).toBe(false);
    d.isUndervolted = true;
    now.t += 400_000; // metrics would be due
    await d.step();
    const sent = api.reports.slice(1).map(body);
    expect(sent.some((r) => r.is_undervolted === true)).toBe(true);
    for (const r of sent) for (const field of ['cpu_usage', 'cpu_temp', 'memory_usage', 'memory_total', 'storage_usage', 'storage_total', 'cpu_id']) expect(r[field]).toBeUndefined();
    await serve({ RESIN_SUPERVISOR_HARDWARE_METRICS: 'true' });
    now.t += 400_000;
    await d.step();
    expect(typeof body(api.reports.at(-1)!).cpu_usage).toBe('number');
  });

  it('log control off: no log line is sent from then on, except the change itself; on again, lines flow', async () => {
    const { api, d, serve, messages } = await following({}, null);
    await serve({ BALENA_SUPERVISOR_LOG_CONTROL: 'off' });
    expect(d.settings.logControl).toBe(false);
    expect(messages().at(-1)).toBe('Applied configuration change {"SUPERVISOR_LOG_CONTROL":"false"}');
    const before = api.logs.length;
    d.identify();
    await serve({ BALENA_SUPERVISOR_LOG_CONTROL: 'off' }, 'c'.repeat(32));
    expect(api.logs).toHaveLength(before);
    await serve({ BALENA_SUPERVISOR_LOG_CONTROL: 'on' }, 'c'.repeat(32));
    d.identify();
    await serve({ BALENA_SUPERVISOR_LOG_CONTROL: 'on' }, 'c'.repeat(32));
    expect(messages().slice(before)).toEqual(expect.arrayContaining(['Applied configuration change {"SUPERVISOR_LOG_CONTROL":"true"}', 'Identify']));
  });
});
