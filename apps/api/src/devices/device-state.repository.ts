import { sql } from 'kysely';
import { METRICS_WINDOW_SECONDS } from '@flotilla/core/device-metrics';
import type { Db } from '../db/database.ts';
import { preparedStatement } from '../db/prepared.ts';
import { assertDeviceRowRoom } from './device-row-caps.ts';

/** Queries behind PATCH /device/v3/state and /device/v3/tags (device logs live in ../device-logs). */

export type DeviceColumnValues = Record<string, string | number | boolean | null>;

/** What one report writes to its device row. */
export interface ReportedWrite {
  /** Written whenever the report names them (status, addresses, versions, totals…). */
  values: DeviceColumnValues;
  /** The throttled metric readings (@flotilla/core/device-metrics), none null: written only when due. */
  metrics: DeviceColumnValues;
  /** Also stamps last_update_status_event, but only when the status actually changes. */
  updateStatus?: string;
  /** The address the report came from. */
  publicAddress?: string;
}

/**
 * Writes a report to its device row in ONE statement (a merge: only the given columns).
 *
 * Metrics (issue 16 W3: at most once per device per METRICS_WINDOW_SECONDS) are decided in the
 * same UPDATE rather than by a read first: each metric column is set to
 * `CASE WHEN <due> OR <stored> IS NULL THEN <reported> ELSE <stored> END`, and
 * metrics_reported_at to now() when one was taken. Due means never written or written a window
 * ago, and a reported value differs from the stored one; an empty column (a new device, or
 * metrics measured again after the supervisor cleared them) takes its first reading at once.
 * Two reports of one device at once serialize on the row lock, and the second re-evaluates the
 * CASE against the first's row, so the window holds without a statement more.
 *
 * The UPDATE matches the row only if it changes something: a value differs from the stored one,
 * or metrics are due. So a report carrying only metrics within the window (the usual report of
 * a busy fleet once its status has settled) writes no row version at all, and the caller can
 * skip the live push. `isWritten` says whether it did; `isPublicAddressChanged` is read from
 * the row as it was (the self-join `prev`). Two reports of one device from a new address at the
 * same instant may both see a change: the geolocator queues one lookup per device anyway.
 */
export async function updateReportedFields(db: Db, deviceId: number, write: ReportedWrite): Promise<{ isWritten: boolean; isPublicAddressChanged: boolean }> {
  const { values, metrics, updateStatus, publicAddress } = write;
  const plain: DeviceColumnValues = { ...values };
  if (updateStatus !== undefined) plain.update_status = updateStatus;
  if (publicAddress !== undefined) plain.public_address = publicAddress;
  const differs = (columns: DeviceColumnValues) => Object.entries(columns).map(([column, v]) => sql<boolean>`${sql.ref(`d.${column}`)} IS DISTINCT FROM ${v}`);

  const set: Record<string, unknown> = { ...plain };
  if (updateStatus !== undefined) {
    set.last_update_status_event = sql`CASE WHEN d.update_status IS DISTINCT FROM ${updateStatus} THEN now() ELSE d.last_update_status_event END`;
  }
  const changes = differs(plain);
  if (Object.keys(metrics).length > 0) {
    const isDue = sql<boolean>`((d.metrics_reported_at IS NULL OR d.metrics_reported_at <= now() - make_interval(secs => ${sql.lit(METRICS_WINDOW_SECONDS)}))
      AND (${sql.join(differs(metrics), sql` OR `)}))`;
    const isEmpty = (column: string) => sql<boolean>`${sql.ref(`d.${column}`)} IS NULL`;
    for (const [column, v] of Object.entries(metrics)) set[column] = sql`CASE WHEN ${isDue} OR ${isEmpty(column)} THEN ${v} ELSE ${sql.ref(`d.${column}`)} END`;
    const isTaken = sql<boolean>`(${sql.join([isDue, ...Object.keys(metrics).map(isEmpty)], sql` OR `)})`;
    set.metrics_reported_at = sql`CASE WHEN ${isTaken} THEN now() ELSE d.metrics_reported_at END`;
    changes.push(isTaken);
  }
  if (changes.length === 0) return { isWritten: false, isPublicAddressChanged: false };
  const row = await db
    .updateTable('device as d')
    .set(set)
    .from('device as prev')
    .whereRef('prev.id', '=', 'd.id')
    .where('d.id', '=', deviceId)
    .where(sql<boolean>`(${sql.join(changes, sql` OR `)})`)
    .returning(sql<boolean>`prev.public_address IS DISTINCT FROM d.public_address`.as('isPublicAddressChanged'))
    // One text per set of reported fields: a supervisor sends the same few shapes all day.
    .modifyEnd(preparedStatement)
    .executeTakeFirst();
  return { isWritten: row !== undefined, isPublicAddressChanged: row?.isPublicAddressChanged === true };
}

/**
 * Records the address the device reports from; true when it changed (then its GeoIP location
 * is looked up, device-geolocation.ts). One statement, so two reports at once see one change.
 */
export async function updatePublicAddress(db: Db, deviceId: number, address: string): Promise<boolean> {
  const row = await db
    .updateTable('device')
    .set({ public_address: address })
    .where('id', '=', deviceId)
    .where(sql<boolean>`public_address IS DISTINCT FROM ${address}`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The automatic location of a GeoIP lookup, kept only while the device still reports from the address looked up. */
export async function setDeviceGeolocation(db: Db, deviceId: number, address: string, place: { latitude: string; longitude: string; location: string | null }): Promise<void> {
  await db.updateTable('device').set(place).where('id', '=', deviceId).where('public_address', '=', address).execute();
}

export interface ReleaseImageRow {
  release_id: number;
  app_uuid: string;
  commit: string;
  image_id: number | null;
  image_location: string | null;
  service_name: string | null;
}

/**
 * The releases named by (fleet uuid, commit) pairs with their images; one row per image (or one
 * with nulls). Only releases a device may report running: its own fleet's, or a public fleet's
 * (the host OS). Another fleet's release is as unknown as a missing one, so a report can neither
 * point the device's running release or image installs at another tenant's rows nor learn their ids.
 */
export async function listReleaseImages(db: Db, deviceId: number, pairs: Array<{ appUuid: string; commit: string }>): Promise<ReleaseImageRow[]> {
  if (pairs.length === 0) return [];
  const values = sql.join(pairs.map((p) => sql`(${p.appUuid}, ${p.commit})`));
  const r = await sql<ReleaseImageRow>`
    SELECT r.id AS release_id, a.uuid AS app_uuid, r.commit,
           i.id AS image_id, i.is_stored_at__image_location AS image_location, s.service_name
      FROM (VALUES ${values}) AS p(app_uuid, commit)
      JOIN application a ON a.uuid = p.app_uuid
       AND (a.is_public OR a.id = (SELECT d.belongs_to__application FROM device d WHERE d.id = ${deviceId}))
      JOIN release r ON r.belongs_to__application = a.id AND r.commit = p.commit
      LEFT JOIN release_image ri ON ri.is_part_of__release = r.id
      LEFT JOIN image i ON i.id = ri.image
      LEFT JOIN service s ON s.id = i.is_a_build_of__service`.execute(db);
  return r.rows;
}

export interface ImageInstallUpsert {
  imageId: number;
  releaseId: number;
  status: string;
  downloadProgress: number | null;
}

export async function upsertImageInstalls(db: Db, deviceId: number, rows: ImageInstallUpsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('image_install')
    .values(
      rows.map((r) => ({
        device: deviceId,
        installs__image: r.imageId,
        is_provided_by__release: r.releaseId,
        status: r.status,
        download_progress: r.downloadProgress,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['device', 'installs__image']).doUpdateSet({
        is_provided_by__release: sql`excluded.is_provided_by__release`,
        status: sql`excluded.status`,
        download_progress: sql`excluded.download_progress`,
      }),
    )
    .execute();
}

/** Images the device no longer reports are gone from it. */
export async function markOtherImageInstallsDeleted(db: Db, deviceId: number, keepImageIds: number[]): Promise<void> {
  let q = db
    .updateTable('image_install')
    .set({ status: 'deleted', download_progress: null })
    .where('device', '=', deviceId)
    .where('status', '<>', 'deleted');
  if (keepImageIds.length > 0) q = q.where('installs__image', 'not in', keepImageIds);
  await q.execute();
}

export async function upsertDeviceTags(db: Db, deviceId: number, tags: Record<string, string>): Promise<void> {
  const entries = Object.entries(tags);
  if (entries.length === 0) return;
  await db.transaction().execute(async (tx) => {
    await assertDeviceRowRoom(tx, 'device_tag', deviceId, entries.map(([key]) => key));
    await tx
      .insertInto('device_tag')
      .values(entries.map(([tag_key, value]) => ({ device: deviceId, tag_key, value })))
      .onConflict((oc) => oc.columns(['device', 'tag_key']).doUpdateSet({ value: sql`excluded.value` }))
      .execute();
  });
}

