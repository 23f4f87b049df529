import { highestPrecedenceUpdateStatus } from '@flotilla/core/device-status';
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { badRequest, forbidden, unauthorized } from '../lib/errors.ts';
import {
  findDeviceUuid,
  listReleaseImages,
  markOtherImageInstallsDeleted,
  updateReportedFields,
  upsertDeviceTags,
  upsertImageInstalls,
  type DeviceColumnValues,
  type ImageInstallUpsert,
} from './device-state.repository.ts';

/**
 * PATCH /device/v3/state (compat §5.4). Bodies are diffs: only the fields present are
 * written, and an absent field never clears a column.
 */

type Kind = 'text' | 'int' | 'bool';

/** Reported field → [device column, type]. Anything else in the body is ignored. */
const REPORTED_FIELDS: Record<string, [string, Kind]> = {
  status: ['status', 'text'],
  os_version: ['os_version', 'text'],
  os_variant: ['os_variant', 'text'],
  supervisor_version: ['supervisor_version', 'text'],
  provisioning_progress: ['provisioning_progress', 'int'],
  provisioning_state: ['provisioning_state', 'text'],
  ip_address: ['ip_address', 'text'],
  mac_address: ['mac_address', 'text'],
  api_port: ['api_port', 'int'],
  api_secret: ['api_secret', 'text'],
  memory_usage: ['memory_usage', 'int'],
  memory_total: ['memory_total', 'int'],
  storage_block_device: ['storage_block_device', 'text'],
  storage_usage: ['storage_usage', 'int'],
  storage_total: ['storage_total', 'int'],
  cpu_temp: ['cpu_temp', 'int'],
  cpu_usage: ['cpu_usage', 'int'],
  cpu_id: ['cpu_id', 'text'],
  is_undervolted: ['is_undervolted', 'bool'],
  name: ['device_name', 'text'],
};
/** Columns that must never become null (NOT NULL in the schema). */
const NOT_NULL = new Set(['device_name', 'is_undervolted']);
const INT_MAX = 2_147_483_647;

function coerce(value: unknown, kind: Kind): string | number | boolean | null | undefined {
  if (value === null) return null;
  switch (kind) {
    case 'text':
      return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    case 'int': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isFinite(n) ? Math.max(-INT_MAX, Math.min(INT_MAX, Math.round(n))) : undefined;
    }
    case 'bool':
      return typeof value === 'boolean' ? value : undefined;
  }
}

/** The device columns a report sets (values of the wrong type are dropped, not stored). */
export function reportedColumns(report: Record<string, unknown>): DeviceColumnValues {
  const out: DeviceColumnValues = {};
  for (const [field, [column, kind]] of Object.entries(REPORTED_FIELDS)) {
    if (!(field in report)) continue;
    const v = coerce(report[field], kind);
    if (v === undefined || (v === null && NOT_NULL.has(column))) continue;
    if (column === 'device_name' && v === '') continue;
    out[column] = v;
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Image location without the `@sha256:…` digest the target state appends. */
const bareImage = (image: string) => image.replace(/@sha256:[0-9a-f]+$/i, '');

async function applyAppsReport(db: Db, deviceId: number, apps: Record<string, unknown>): Promise<{ runningReleaseId?: number; updateStatus?: string }> {
  const pairs: Array<{ appUuid: string; commit: string }> = [];
  const statuses: unknown[] = [];
  for (const [appUuid, app] of Object.entries(apps)) {
    if (!isObject(app)) continue;
    if (typeof app.release_uuid === 'string') pairs.push({ appUuid, commit: app.release_uuid });
    if (!isObject(app.releases)) continue;
    for (const [commit, release] of Object.entries(app.releases)) {
      pairs.push({ appUuid, commit });
      if (isObject(release)) statuses.push(release.update_status);
    }
  }
  const images = await listReleaseImages(db, pairs);
  const releaseOf = (appUuid: string, commit: string) => images.find((r) => r.app_uuid === appUuid && r.commit === commit);

  let runningReleaseId: number | undefined;
  const installs = new Map<number, ImageInstallUpsert>();
  for (const [appUuid, app] of Object.entries(apps)) {
    if (!isObject(app)) continue;
    if (typeof app.release_uuid === 'string') runningReleaseId = releaseOf(appUuid, app.release_uuid)?.release_id ?? runningReleaseId;
    if (!isObject(app.releases)) continue;
    for (const [commit, release] of Object.entries(app.releases)) {
      if (!isObject(release) || !isObject(release.services)) continue;
      const rows = images.filter((r) => r.app_uuid === appUuid && r.commit === commit && r.image_id !== null);
      for (const [serviceName, svc] of Object.entries(release.services)) {
        if (!isObject(svc)) continue;
        // Match by image location first (what the supervisor reports), else by service name.
        const byImage = typeof svc.image === 'string' ? rows.find((r) => r.image_location === bareImage(svc.image as string)) : undefined;
        const match = byImage ?? rows.find((r) => r.service_name === serviceName);
        if (!match || match.image_id === null) continue;
        const progress = coerce(svc.download_progress, 'int');
        installs.set(match.image_id, {
          imageId: match.image_id,
          releaseId: match.release_id,
          status: typeof svc.status === 'string' ? svc.status : 'Unknown',
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

/** The calling device's own id, after checking every uuid in the body is its own. */
export async function authorizeReport(db: Db, principal: Principal, uuids: string[]): Promise<number> {
  if (principal.kind === 'anonymous') throw unauthorized('You have to log in');
  if (principal.kind !== 'device') throw forbidden('Only a device key may report device state');
  const own = await findDeviceUuid(db, principal.deviceId);
  if (!own) throw unauthorized('You have to log in');
  if (uuids.some((u) => u !== own)) throw forbidden('A device may only report its own state');
  return principal.deviceId;
}

export async function reportDeviceState(db: Db, principal: Principal, body: unknown): Promise<void> {
  if (!isObject(body)) throw badRequest('Body must be an object keyed by device uuid');
  const uuids = Object.keys(body);
  const deviceId = await authorizeReport(db, principal, uuids);
  for (const uuid of uuids) {
    const report = body[uuid];
    if (!isObject(report)) continue;
    await db.transaction().execute(async (tx) => {
      const columns = reportedColumns(report);
      let updateStatus: string | undefined;
      if (isObject(report.apps)) {
        const r = await applyAppsReport(tx, deviceId, report.apps);
        if (r.runningReleaseId !== undefined) columns.is_running__release = r.runningReleaseId;
        updateStatus = r.updateStatus;
      }
      await updateReportedFields(tx, deviceId, columns, updateStatus);
    });
  }
}

/** PATCH /device/v3/tags (compat §5.6): `{"<uuid>": {"<tag_key>": "<value>"}}`, upserted. */
export async function reportDeviceTags(db: Db, principal: Principal, body: unknown): Promise<void> {
  if (!isObject(body)) throw badRequest('Body must be an object keyed by device uuid');
  const deviceId = await authorizeReport(db, principal, Object.keys(body));
  for (const tags of Object.values(body)) {
    if (!isObject(tags)) continue;
    const clean = Object.fromEntries(Object.entries(tags).filter(([k, v]) => k !== '' && typeof v === 'string')) as Record<string, string>;
    await upsertDeviceTags(db, deviceId, clean);
  }
}
