import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { constants as zlibConstants, createGzip } from 'node:zlib';

/**
 * The device's HTTP calls, exactly as balena-supervisor makes them (compat §5): register,
 * key exchange, target-state poll with ETag, current-state PATCH. Plus the two user calls
 * the CLI needs to mint a provisioning key for a fleet.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RegisterBody {
  uuid: string;
  device_type: string;
  api_key: string;
  application?: number;
  supervisor_version?: string;
  os_version?: string;
  os_variant?: string;
  mac_address?: string;
}

export type TargetStateResult = { status: 304 } | { status: 200; etag: string | null; body: TargetStateV3 };

/** GET /device/v3/<uuid>/state body (compat §5.3), only the parts the agent uses. */
export type TargetStateV3 = Record<string, TargetDevice>;
export interface TargetDevice {
  name: string;
  config: Record<string, string>;
  apps: Record<string, TargetApp>;
}
export interface TargetApp {
  id: number;
  name: string;
  class?: string;
  /** The host OS application (the device's OS to run, not an app of containers). */
  is_host?: boolean;
  releases: Record<string, TargetRelease>;
}
export interface TargetRelease {
  id: number;
  services: Record<string, TargetService>;
}
export interface TargetService {
  id: number;
  image_id: number;
  image: string;
  environment?: Record<string, string>;
  labels?: Record<string, string>;
}

/** What a single device needs from the API; SimulatedDevice depends on this, not on fetch. */
export interface DeviceApi {
  register(provisioningKey: string, body: RegisterBody): Promise<{ id: number }>;
  /** Device id visible to `key` for this uuid, or null. */
  findDeviceId(key: string, uuid: string): Promise<number | null>;
  exchangeDeviceKey(provisioningKey: string, deviceId: number, deviceKey: string): Promise<void>;
  getTargetState(deviceKey: string, uuid: string, etag: string | null): Promise<TargetStateResult>;
  patchState(deviceKey: string, report: Record<string, unknown>): Promise<void>;
  postLogs(deviceKey: string, uuid: string, lines: LogLine[]): Promise<void>;
  /** The long-lived gzip NDJSON upload (compat §5.5); without it the agent uses postLogs alone. */
  openLogStream?(deviceKey: string, uuid: string): LogStreamUpload;
  /** The raw_version of the device's should_be_managed_by__release, or null (no supervisor target). */
  getSupervisorTarget?(deviceKey: string, deviceId: number): Promise<string | null>;
  /** The raw_version of a release (the host OS release a target state names), or null when unreadable. */
  getReleaseVersion?(deviceKey: string, releaseId: number): Promise<string | null>;
  /** `PATCH /v7/device(<id>) {"device_name"}` with the device key: the supervisor's initial name report (compat §5.2 step 5). */
  setDeviceName?(deviceKey: string, deviceId: number, name: string): Promise<void>;
}

/** One log line as the supervisor sends it (compat §5.5). */
export interface LogLine {
  message: string;
  timestamp: number;
  isSystem?: boolean;
  isStdErr?: boolean;
  serviceId?: number;
}

/**
 * One open `POST /device/v2/<uuid>/log-stream` (compat §5.5). Lines written go out at once
 * (gzip sync-flushed per write). `done` settles once the server answers: fulfilled only for a
 * 2xx after `end()` — that answer is what acknowledges every line written — and rejected on
 * a network error, an error status, or any answer before `end()` (the supervisor's rule).
 */
export interface LogStreamUpload {
  write(lines: LogLine[]): void;
  end(): Promise<void>;
  readonly done: Promise<void>;
  abort(): void;
}

const TIMEOUT_MS = 30_000;

export class HttpApiClient implements DeviceApi {
  private readonly base: string;

  constructor(apiUrl: string) {
    // Clients talk to the origin root (compat §1.1).
    this.base = new URL('/', apiUrl).toString().replace(/\/$/, '');
  }

  private async request(
    method: string,
    path: string,
    key: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const h: Record<string, string> = { ...headers };
    if (key) h.authorization = `Bearer ${key}`;
    if (body !== undefined) h['content-type'] = 'application/json';
    return fetch(this.base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  private static async fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    let message = text;
    try {
      const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
      else if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // not JSON: keep the raw text
    }
    throw new ApiError(res.status, `${what}: ${res.status} ${message}`.trim());
  }

  async register(provisioningKey: string, body: RegisterBody): Promise<{ id: number }> {
    const res = await this.request('POST', '/device/register', provisioningKey, body);
    if (res.status !== 201) return HttpApiClient.fail(res, 'register');
    const json = (await res.json()) as { id: number };
    return { id: json.id };
  }

  async findDeviceId(key: string, uuid: string): Promise<number | null> {
    const filter = encodeURIComponent(`uuid eq '${uuid}'`);
    const res = await this.request('GET', `/v7/device?$select=id&$filter=${filter}`, key);
    if (res.status === 401 || res.status === 403) return null;
    if (!res.ok) return HttpApiClient.fail(res, 'find device');
    const json = (await res.json()) as { d?: Array<{ id: number }> };
    return json.d?.[0]?.id ?? null;
  }

  async exchangeDeviceKey(provisioningKey: string, deviceId: number, deviceKey: string): Promise<void> {
    const res = await this.request('POST', `/api-key/device/${deviceId}/device-key`, provisioningKey, { apiKey: deviceKey });
    if (res.status !== 200) return HttpApiClient.fail(res, 'device key exchange');
    await res.arrayBuffer();
  }

  async getTargetState(deviceKey: string, uuid: string, etag: string | null): Promise<TargetStateResult> {
    const res = await this.request('GET', `/device/v3/${uuid}/state`, deviceKey, undefined, etag ? { 'if-none-match': etag } : {});
    if (res.status === 304) {
      await res.arrayBuffer();
      return { status: 304 };
    }
    if (res.status !== 200) return HttpApiClient.fail(res, 'target state');
    return { status: 200, etag: res.headers.get('etag'), body: (await res.json()) as TargetStateV3 };
  }

  async patchState(deviceKey: string, report: Record<string, unknown>): Promise<void> {
    const res = await this.request('PATCH', '/device/v3/state', deviceKey, report);
    if (!res.ok) return HttpApiClient.fail(res, 'state report');
    await res.arrayBuffer();
  }

  /** The batch log route (compat §5.5): the long-lived gzip stream needs https on real supervisors. */
  async postLogs(deviceKey: string, uuid: string, lines: LogLine[]): Promise<void> {
    const res = await this.request('POST', `/device/v2/${uuid}/logs`, deviceKey, lines);
    if (!res.ok) return HttpApiClient.fail(res, 'logs');
    await res.arrayBuffer();
  }

  openLogStream(deviceKey: string, uuid: string): LogStreamUpload {
    return openGzipLogStream(new URL(`${this.base}/device/v2/${uuid}/log-stream`), deviceKey);
  }

  async getSupervisorTarget(deviceKey: string, deviceId: number): Promise<string | null> {
    const res = await this.request('GET', `/v7/device(${deviceId})?$select=id&$expand=should_be_managed_by__release($select=raw_version)`, deviceKey);
    if (!res.ok) return HttpApiClient.fail(res, 'supervisor target');
    const json = (await res.json()) as { d?: Array<{ should_be_managed_by__release?: Array<{ raw_version: string }> }> };
    return json.d?.[0]?.should_be_managed_by__release?.[0]?.raw_version ?? null;
  }

  async setDeviceName(deviceKey: string, deviceId: number, name: string): Promise<void> {
    const res = await this.request('PATCH', `/v7/device(${deviceId})`, deviceKey, { device_name: name });
    if (!res.ok) return HttpApiClient.fail(res, 'initial device name');
    await res.arrayBuffer();
  }

  async getReleaseVersion(deviceKey: string, releaseId: number): Promise<string | null> {
    const res = await this.request('GET', `/v7/release(${releaseId})?$select=raw_version`, deviceKey);
    if (!res.ok) return HttpApiClient.fail(res, 'release version');
    const json = (await res.json()) as { d?: Array<{ raw_version: string }> };
    return json.d?.[0]?.raw_version ?? null;
  }

  /** Fleet id from a numeric id or a slug (`org/name`), as seen by a user token. */
  async resolveFleetId(userToken: string, fleet: string): Promise<number> {
    if (/^\d+$/.test(fleet)) return Number(fleet);
    const filter = encodeURIComponent(`slug eq '${fleet.toLowerCase().replace(/'/g, "''")}'`);
    const res = await this.request('GET', `/v7/application?$select=id&$filter=${filter}`, userToken);
    if (!res.ok) return HttpApiClient.fail(res, 'fleet lookup');
    const json = (await res.json()) as { d?: Array<{ id: number }> };
    const id = json.d?.[0]?.id;
    if (id === undefined) throw new ApiError(404, `fleet not found: ${fleet}`);
    return id;
  }

  /** POST /api-key/v2/ with the provisioning role (compat §3.5); returns the plain key. */
  async createProvisioningKey(userToken: string, applicationId: number): Promise<string> {
    const res = await this.request('POST', '/api-key/v2/', userToken, {
      actorType: 'application',
      actorTypeId: applicationId,
      roles: ['provisioning-api-key'],
      name: 'flotilla-device simulator',
      expiryDate: null,
    });
    if (!res.ok) return HttpApiClient.fail(res, 'create provisioning key');
    const text = await res.text();
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // text/plain answer
    }
    return text;
  }
}

/** The log-stream request itself (node:http, since fetch cannot hold a request body open and flush it in pieces). */
function openGzipLogStream(url: URL, deviceKey: string): LogStreamUpload {
  const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${deviceKey}`, 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
  });
  const gzip = createGzip();
  gzip.pipe(req);
  let isEnded = false;
  const done = new Promise<void>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (!isEnded) reject(new ApiError(status, `log stream answered ${status} before it ended`));
        else if (status >= 200 && status < 300) resolve();
        else reject(new ApiError(status, `log stream: ${status}`));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    gzip.on('error', reject);
  });
  // Observed by the caller through `done`/`end()`; never an unhandled rejection.
  done.catch(() => undefined);
  req.flushHeaders();
  return {
    write(lines) {
      if (isEnded || lines.length === 0) return;
      gzip.write(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
      gzip.flush(zlibConstants.Z_SYNC_FLUSH);
    },
    end() {
      if (!isEnded) {
        isEnded = true;
        gzip.end();
      }
      return done;
    },
    done,
    abort() {
      isEnded = true;
      req.destroy(new Error('log stream aborted'));
    },
  };
}
