import type { LinkRequest } from '@flotilla/core/device-link';
import { OS_UPDATE_LINK_PATH, osUpdateLinkBody } from '@flotilla/core/schemas/os-update';
import type { SimulatedDevice } from '../device.ts';
import { DiagnosticsRunner } from '../diagnostics/diagnostics-runner.ts';
import { simulatedSnapshot } from '../diagnostics/simulated-snapshot.ts';
import type { LinkHandler, LinkReply } from './link-client.ts';

/**
 * What balena-supervisor's local API (v1/v2 device API) answers to the requests the cloud
 * forwards (compat §4.1), played by a SimulatedDevice: same statuses and bodies, including the
 * text-vs-JSON quirks, with the side effects a real device would show (reboot goes offline,
 * a stopped service reports as stopped, update polls at once).
 */

export interface SimulatedSupervisorOptions {
  /** How long a rebooting device stays offline. */
  rebootMs: number;
  /** How long a health check or diagnostics run takes (default 1 s). */
  diagnosticsRunMs?: number;
}

export const SUPERVISOR_API_PORT = 48484;
const OK_TEXT: LinkReply = { status: 200, body: 'OK' };
const NOT_FOUND: LinkReply = { status: 404, body: 'Not Found' };
const LOCKED_MESSAGE = 'Updates are locked: a service of this device holds its update lock';
const APP_NOT_FOUND = 'App not found: an app needs to be installed for this endpoint to work.';
const SERVICE_NOT_FOUND = 'Service not found, a container must exist for this endpoint to work';
const SERVICE_ACTION = /^\/v2\/applications\/([^/]+)\/(start|stop|restart)-service$/;

/**
 * What the device's supervisor remembers across its links (a link is opened again after every
 * reboot): the latest diagnostics and how often each service was restarted.
 */
interface SupervisorMemory {
  diagnostics: DiagnosticsRunner;
  restarts: Map<string, number>;
  startedAt: number;
}
const memories = new WeakMap<SimulatedDevice, SupervisorMemory>();

function memoryOf(device: SimulatedDevice, opts: SimulatedSupervisorOptions): SupervisorMemory {
  let memory = memories.get(device);
  if (!memory) {
    const restarts = new Map<string, number>();
    const startedAt = Date.now();
    memory = {
      restarts,
      startedAt,
      diagnostics: new DiagnosticsRunner({ snapshot: () => simulatedSnapshot(device, restarts, startedAt, Date.now()), runMs: opts.diagnosticsRunMs }),
    };
    memories.set(device, memory);
  }
  return memory;
}

/** The device's diagnostics runner (tests and the simulator read results through it). */
export function simulatedDiagnostics(device: SimulatedDevice, opts: SimulatedSupervisorOptions = { rebootMs: 0 }): DiagnosticsRunner {
  return memoryOf(device, opts).diagnostics;
}

export function simulatedSupervisor(device: SimulatedDevice, opts: SimulatedSupervisorOptions): LinkHandler {
  return async (request) => memoryOf(device, opts).diagnostics.answer(request) ?? answer(device, request, opts, memoryOf(device, opts));
}

function answer(device: SimulatedDevice, { method, path, body }: LinkRequest, opts: SimulatedSupervisorOptions, memory: SupervisorMemory): LinkReply {
  const input = isRecord(body) ? body : {};
  const force = isTruthy(input.force);
  const locked = device.isUpdateLocked && !force;
  const route = `${method} ${path.length > 1 ? path.replace(/\/$/, '') : path}`;

  switch (route) {
    case 'GET /ping':
      return OK_TEXT;
    case 'POST /v1/blink':
      device.identify();
      return OK_TEXT;
    case 'POST /v1/reboot':
    case 'POST /v1/shutdown':
      // v1 device actions answer JSON in the {Data, Error} shape, 423 included.
      if (locked) return { status: 423, body: { Data: '', Error: LOCKED_MESSAGE } };
      if (route === 'POST /v1/reboot') device.reboot(opts.rebootMs);
      else device.shutdown();
      return { status: 202, body: { Data: 'OK', Error: null } };
    case 'POST /v1/restart':
    case 'POST /v1/purge': {
      const appId = toInt(input.appId);
      if (appId === null) return { status: 400, body: route === 'POST /v1/restart' ? 'Missing app id' : 'Invalid or missing appId' };
      if (locked) return lockedReply();
      const found = route === 'POST /v1/restart' ? device.restartApp(appId) : device.purgeApp(appId);
      if (!found) return { status: 404, body: APP_NOT_FOUND };
      return route === 'POST /v1/restart' ? OK_TEXT : { status: 200, body: { Data: 'OK', Error: '' } };
    }
    case 'POST /v1/update':
      device.requestPoll();
      return { status: 204, body: '' };
    case 'GET /v1/device':
      return { status: 200, body: legacyDeviceState(device) };
    case 'GET /v2/state/status':
      return { status: 200, body: stateStatus(device) };
    case 'GET /v2/version':
      return { status: 200, body: { status: 'success', version: device.profile.supervisorVersion } };
    case `POST ${OS_UPDATE_LINK_PATH}`: {
      // Flotilla's host OS update (apps/api os-update): the device downloads the OS, reboots into it.
      const parsed = osUpdateLinkBody.safeParse(body);
      if (!parsed.success) return { status: 400, body: { Data: '', Error: 'Invalid OS update request' } };
      if (device.startOsUpdate(parsed.data) === 'busy') return { status: 409, body: { Data: '', Error: 'A host OS update is already in progress' } };
      return { status: 202, body: { Data: 'OK', Error: null } };
    }
  }

  const service = method === 'POST' ? SERVICE_ACTION.exec(path) : null;
  if (service) {
    const appId = toInt(service[1]);
    if (appId === null) return { status: 400, body: 'Invalid app id' };
    const imageId = toInt(input.imageId) ?? undefined;
    const serviceName = typeof input.serviceName === 'string' ? input.serviceName : undefined;
    if (imageId === undefined && serviceName === undefined) return { status: 400, body: 'serviceName or imageId parameters were not provided' };
    if (locked) return lockedReply();
    const action = service[2] === 'start' ? 'start' : service[2] === 'stop' ? 'stop' : 'restart';
    const result = device.serviceAction(appId, { imageId, serviceName }, action);
    if (result === 'no-app') return { status: 404, body: APP_NOT_FOUND };
    if (result === 'no-service') return { status: 404, body: SERVICE_NOT_FOUND };
    if (action === 'restart') countRestart(device, appId, { imageId, serviceName }, memory.restarts);
    return OK_TEXT;
  }
  return NOT_FOUND;
}

/** Counts a restart of the service (the health check `check_service_restarts` reads the counts). */
function countRestart(device: SimulatedDevice, appId: number, which: { imageId?: number; serviceName?: string }, restarts: Map<string, number>): void {
  const app = [...device.apps.values()].find((a) => a.appId === appId);
  const found = Object.entries(app?.running?.services ?? {}).find(([name, s]) => (which.imageId !== undefined ? s.imageId === which.imageId : name === which.serviceName));
  if (found) restarts.set(found[0], (restarts.get(found[0]) ?? 0) + 1);
}

/**
 * `GET /v2/state/status`: the supervisor's view of the apps, one entry per container with its
 * status, and the images with their download progress.
 */
export function stateStatus(device: SimulatedDevice): Record<string, unknown> {
  const containers: Array<Record<string, unknown>> = [];
  const images: Array<Record<string, unknown>> = [];
  let release: string | null = null;
  for (const app of device.apps.values()) {
    release ??= app.running?.commit ?? null;
    for (const [name, s] of Object.entries(app.running?.services ?? {})) {
      containers.push({ status: app.stopped.has(name) ? 'exited' : 'Running', serviceName: name, appId: app.appId, imageId: s.imageId, serviceId: s.id, releaseId: app.running!.releaseId, commit: app.running!.commit });
      images.push({ name: s.image, appId: app.appId, serviceName: name, imageId: s.imageId, status: 'Downloaded', downloadProgress: null });
    }
    if (app.update && app.target) {
      for (const [name, s] of Object.entries(app.target.services)) {
        images.push({ name: s.image, appId: app.appId, serviceName: name, imageId: s.imageId, status: app.update.phase === 'downloading' ? 'Downloading' : 'Downloaded', downloadProgress: app.update.phase === 'downloading' ? app.update.progress : null });
      }
    }
  }
  const downloading = images.filter((i) => i.status === 'Downloading');
  return {
    status: 'success',
    appState: device.isUpdating ? 'applying' : 'applied',
    overallDownloadProgress: downloading.length ? Math.min(...downloading.map((i) => Number(i.downloadProgress ?? 0))) : null,
    containers,
    images,
    release,
  };
}

/** Other routes hit by a lock go through the supervisor's error middleware, which answers this JSON. */
function lockedReply(): LinkReply {
  return { status: 423, body: { status: 'failed', message: LOCKED_MESSAGE } };
}

/** `GET /v1/device`: the supervisor's legacy one-app summary of the device. */
export function legacyDeviceState(device: SimulatedDevice): Record<string, unknown> {
  const app = device.apps.values().next().value;
  const update = app?.update ?? null;
  return {
    api_port: SUPERVISOR_API_PORT,
    ip_address: device.identity.ipAddress,
    commit: app?.running?.commit ?? null,
    status: device.status,
    download_progress: update?.phase === 'downloading' ? update.progress : null,
    os_version: device.profile.osVersion,
    supervisor_version: device.profile.supervisorVersion,
    update_pending: update !== null,
    update_failed: false,
    update_downloaded: update?.phase === 'installing',
    mac_address: device.identity.macAddress,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The supervisor's checkTruthy: booleans, 1/0 and their string forms, "on"/"off". */
function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}

/** The supervisor's checkInt: a positive integer given as a number or a string, else null. */
function toInt(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}
