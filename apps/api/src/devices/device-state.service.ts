import { isThrottledMetric } from '@flotilla/core/device-metrics';
import { MSG_DEVICE_FROZEN } from './device-frozen.ts';
import { highestPrecedenceUpdateStatus } from '@flotilla/core/device-status';
import type { DeviceStateBody, DeviceStateReport, DeviceTagsBody } from '@flotilla/core/schemas/device-protocol';
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import {
  listReleaseImages,
  markOtherImageInstallsDeleted,
  updatePublicAddress,
  updateReportedFields,
  upsertDeviceTags,
  upsertImageInstalls,
  type DeviceColumnValues,
  type ImageInstallUpsert,
} from './device-state.repository.ts';

/**
 * PATCH /device/v3/state (compat §5.4). Bodies are diffs: only the fields present are
 * written, and an absent field never clears a column. The volatile metric readings are written
 * at most once per device per 60 s (@flotilla/core/device-metrics; the decision is in the
 * device's UPDATE, device-state.repository.ts updateReportedFields). The route schema
 * (@flotilla/core/schemas/device-protocol) has already typed each value and dropped those
 * of the wrong type, out of range or not storable.
 */

/** Reported field → device column. Anything else in the body is ignored. */
const REPORTED_COLUMNS = {
  status: 'status',
  os_version: 'os_version',
  os_variant: 'os_variant',
  supervisor_version: 'supervisor_version',
  provisioning_progress: 'provisioning_progress',
  provisioning_state: 'provisioning_state',
  ip_address: 'ip_address',
  mac_address: 'mac_address',
  api_port: 'api_port',
  api_secret: 'api_secret',
  memory_usage: 'memory_usage',
  memory_total: 'memory_total',
  storage_block_device: 'storage_block_device',
  storage_usage: 'storage_usage',
  storage_total: 'storage_total',
  cpu_temp: 'cpu_temp',
  cpu_usage: 'cpu_usage',
  cpu_id: 'cpu_id',
  is_undervolted: 'is_undervolted',
  name: 'device_name',
} as const satisfies Partial<Record<keyof DeviceStateReport, string>>;
/** Columns that must never become null (NOT NULL in the schema). */
const NOT_NULL = new Set<string>(['device_name', 'is_undervolted']);

/** The device columns a report sets. */
export function reportedColumns(report: DeviceStateReport): DeviceColumnValues {
  const out: DeviceColumnValues = {};
  for (const [field, column] of Object.entries(REPORTED_COLUMNS)) {
    const v = report[field as keyof typeof REPORTED_COLUMNS];
    if (v === undefined || (v === null && NOT_NULL.has(column))) continue;
    if (column === 'device_name' && v === '') continue;
    out[column] = v;
  }
  return out;
}

type AppsReport = NonNullable<DeviceStateReport['apps']>;

/** Image location without the `@sha256:…` digest the target state appends. */
const bareImage = (image: string) => image.replace(/@sha256:[0-9a-f]+$/i, '');

async function applyAppsReport(db: Db, deviceId: number, apps: AppsReport): Promise<{ runningReleaseId?: number; updateStatus?: string }> {
  const pairs: Array<{ appUuid: string; commit: string }> = [];
  const statuses: unknown[] = [];
  for (const [appUuid, app] of Object.entries(apps)) {
    if (app.release_uuid !== undefined) pairs.push({ appUuid, commit: app.release_uuid });
    for (const [commit, release] of Object.entries(app.releases)) {
      pairs.push({ appUuid, commit });
      statuses.push(release.update_status);
    }
  }
  const images = await listReleaseImages(db, deviceId, pairs);
  const releaseOf = (appUuid: string, commit: string) => images.find((r) => r.app_uuid === appUuid && r.commit === commit);

  let runningReleaseId: number | undefined;
  const installs = new Map<number, ImageInstallUpsert>();
  for (const [appUuid, app] of Object.entries(apps)) {
    if (app.release_uuid !== undefined) runningReleaseId = releaseOf(appUuid, app.release_uuid)?.release_id ?? runningReleaseId;
    for (const [commit, release] of Object.entries(app.releases)) {
      const rows = images.filter((r) => r.app_uuid === appUuid && r.commit === commit && r.image_id !== null);
      for (const [serviceName, svc] of Object.entries(release.services)) {
        // Match by image location first (what the supervisor reports), else by service name.
        const image = svc.image;
        const byImage = image !== undefined ? rows.find((r) => r.image_location === bareImage(image)) : undefined;
        const match = byImage ?? rows.find((r) => r.service_name === serviceName);
        if (!match || match.image_id === null) continue;
        const progress = svc.download_progress;
        installs.set(match.image_id, {
          imageId: match.image_id,
          releaseId: match.release_id,
          status: svc.status ?? 'Unknown',
          downloadProgress: typeof progress === 'number' ? Math.max(0, Math.min(100, progress)) : null,
        });
      }
    }
  }
  await upsertImageInstalls(db, deviceId, [...installs.values()]);
  await markOtherImageInstallsDeleted(db, deviceId, [...installs.keys()]);
  const updateStatus = highestPrecedenceUpdateStatus(statuses) ?? undefined;
  return { runningReleaseId, updateStatus };
}

/** The device a device key belongs to, as the routes that only a device itself may call need it. */
export interface OwnDevice {
  id: number;
  uuid: string;
  fleetId: number | null;
}

/**
 * Routes only a device itself may call (state reports, log uploads): a device key, every uuid
 * named is its own, and the device is not frozen (device-frozen.ts). `what` names the call in
 * the refusals.
 */
export async function authorizeOwnDevice(db: Db, principal: Principal, uuids: readonly string[], what: string): Promise<OwnDevice> {
  if (principal.kind === 'anonymous') throw unauthorized('You have to log in');
  if (principal.kind !== 'device') throw forbidden(`Only a device key may ${what}`);
  // The auth hook read the device with its key (same request): no second read for that.
  const own =
    principal.uuid !== undefined
      ? { id: principal.deviceId, uuid: principal.uuid, fleetId: principal.applicationId, isFrozen: principal.isFrozen === true }
      : await db.selectFrom('device').select(['id', 'uuid', 'belongs_to__application as fleetId', 'is_frozen as isFrozen']).where('id', '=', principal.deviceId).executeTakeFirst();
  if (!own) throw unauthorized('You have to log in');
  if (uuids.some((u) => u !== own.uuid)) throw forbidden(`A device may only ${what} of its own`);
  if (own.isFrozen) throw unauthorized(MSG_DEVICE_FROZEN);
  return { id: own.id, uuid: own.uuid, fleetId: own.fleetId };
}

export async function authorizeReport(db: Db, principal: Principal, uuids: string[]): Promise<number> {
  return (await authorizeOwnDevice(db, principal, uuids, 'report device state')).id;
}

/**
 * A report's columns: those always written, and the throttled metric readings
 * (@flotilla/core/device-metrics). A null is no reading: the supervisor sends nulls once, when
 * hardware metrics are turned off, and never again, so they are written at once like a status.
 */
export function splitMetrics(columns: DeviceColumnValues): { values: DeviceColumnValues; metrics: DeviceColumnValues } {
  const values: DeviceColumnValues = {};
  const metrics: DeviceColumnValues = {};
  for (const [column, v] of Object.entries(columns)) (isThrottledMetric(column) && v !== null ? metrics : values)[column] = v;
  return { values, metrics };
}

/**
 * Applies a state report. `publicAddress` is the address the report came from (request.ip,
 * behind TRUST_PROXY the client's): recorded as the device's public_address, as balena does,
 * since no state field carries it. Returns whether it changed (the caller then looks up the
 * device's location, device-geolocation.ts), and whether the report changed anything the
 * dashboard shows (else the caller need not push the device: a report of metrics only, inside
 * their window, with the rest unchanged, writes nothing).
 */
export async function reportDeviceState(
  db: Db,
  principal: Principal,
  body: DeviceStateBody,
  publicAddress?: string,
): Promise<{ deviceId: number; isChanged: boolean; isPublicAddressChanged: boolean }> {
  const uuids = Object.keys(body);
  const deviceId = await authorizeReport(db, principal, uuids);
  // Every uuid is the device's own, so there is at most one report: its device UPDATE also
  // writes the public address (one statement less than a separate UPDATE).
  const reports = Object.values(body).filter((r) => r !== undefined && r !== null);
  if (reports.length === 0) {
    const isPublicAddressChanged = publicAddress !== undefined && (await updatePublicAddress(db, deviceId, publicAddress));
    return { deviceId, isChanged: isPublicAddressChanged, isPublicAddressChanged };
  }
  let isPublicAddressChanged = false;
  let isChanged = false;
  for (const report of reports) {
    const apply = async (q: Db) => {
      const { values, metrics } = splitMetrics(reportedColumns(report));
      let updateStatus: string | undefined;
      if (report.apps !== undefined) {
        const r = await applyAppsReport(q, deviceId, report.apps);
        if (r.runningReleaseId !== undefined) values.is_running__release = r.runningReleaseId;
        updateStatus = r.updateStatus;
      }
      const written = await updateReportedFields(q, deviceId, { values, metrics, updateStatus, publicAddress });
      isPublicAddressChanged = written.isPublicAddressChanged || isPublicAddressChanged;
      // The apps block may have changed image installs (the device's progress) even when the row did not change.
      isChanged = written.isWritten || report.apps !== undefined || isChanged;
    };
    // Without an apps block the report is the device UPDATE alone, atomic by itself: no BEGIN/COMMIT.
    if (report.apps === undefined) await apply(db);
    else await db.transaction().execute(apply);
  }
  return { deviceId, isChanged, isPublicAddressChanged };
}

/** PATCH /device/v3/tags (compat §5.6): `{"<uuid>": {"<tag_key>": "<value>"}}`, upserted. */
export async function reportDeviceTags(db: Db, principal: Principal, body: DeviceTagsBody): Promise<void> {
  const deviceId = await authorizeReport(db, principal, Object.keys(body));
  for (const tags of Object.values(body)) {
    if (tags) await upsertDeviceTags(db, deviceId, tags);
  }
}
