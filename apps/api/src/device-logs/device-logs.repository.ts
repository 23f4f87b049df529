import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

/** One line to store (compat §5.5 after parsing: @flotilla/core deviceLogLine, clock filled in). */
export interface DeviceLogInsert {
  message: string;
  timestamp: Date;
  isSystem: boolean;
  isStdErr: boolean;
  serviceId: number | null;
}

/** A stored line as the read routes serve it (ids order lines by arrival). */
export interface StoredLogLine {
  id: number;
  device: number;
  uuid: string;
  message: string;
  timestamp: Date;
  createdAt: Date;
  isSystem: boolean;
  isStdErr: boolean;
  serviceId: number | null;
}

type Row = { id: number; device: number; uuid: string; message: string; timestamp: Date; created_at: Date; is_system: boolean; is_stderr: boolean; service_id: number | null };
const toLine = (r: Row): StoredLogLine => ({
  id: Number(r.id),
  device: r.device,
  uuid: r.uuid,
  message: r.message,
  timestamp: r.timestamp,
  createdAt: r.created_at,
  isSystem: r.is_system,
  isStdErr: r.is_stderr,
  serviceId: r.service_id,
});

/**
 * Stores a batch in one statement whose size does not grow with the batch: the columns go
 * in as five arrays and `unnest` turns them into rows (a multi-row VALUES list would bind six
 * parameters per line and hit the 65 535-parameter ceiling at ~10 000 lines). Returns the
 * stored lines in arrival order, with their ids and server receive time.
 */
export async function insertDeviceLogLines(db: Db, device: { id: number; uuid: string }, lines: readonly DeviceLogInsert[]): Promise<StoredLogLine[]> {
  if (lines.length === 0) return [];
  // Only the generated columns come back (not the messages just sent); rows are numbered in
  // input order (ORDER BY t.n feeds nextval in that order), so sorted ids map back to the input.
  const r = await sql<{ id: number; created_at: Date }>`
    INSERT INTO device_log (device, "timestamp", message, is_system, is_stderr, service_id)
    SELECT ${device.id}::int, t.ts, t.msg, t.sys, t.err, t.svc
      FROM unnest(${lines.map((l) => l.timestamp.toISOString())}::timestamptz[], ${lines.map((l) => l.message)}::text[],
                  ${lines.map((l) => l.isSystem)}::boolean[], ${lines.map((l) => l.isStdErr)}::boolean[],
                  ${lines.map((l) => l.serviceId)}::int[]) WITH ORDINALITY AS t(ts, msg, sys, err, svc, n)
     ORDER BY t.n
    RETURNING id, created_at`.execute(db);
  const generated = r.rows.map((row) => ({ id: Number(row.id), createdAt: row.created_at })).sort((a, b) => a.id - b.id);
  return lines.map((l, i) => ({
    id: generated[i]!.id,
    device: device.id,
    uuid: device.uuid,
    message: l.message,
    timestamp: l.timestamp,
    createdAt: generated[i]!.createdAt,
    isSystem: l.isSystem,
    isStdErr: l.isStdErr,
    serviceId: l.serviceId,
  }));
}

export interface HistoryQuery {
  /** Newest `count` lines (null: all that are kept). */
  count: number | null;
  /** Only lines whose device timestamp is at or after this. */
  start?: Date;
}

/** A hard ceiling on one history read ("all" included): retention keeps far fewer per device. */
export const MAX_HISTORY_LINES = 50_000;
/**
 * A ceiling on one history read in bytes of message text: the newest lines up to it. Lines may
 * be 10 000 characters, so 50 000 of them would be ~500 MB in one answer, held whole in the
 * API's memory: a few such reads at once would take the process down for every tenant.
 */
export const MAX_HISTORY_BYTES = 8 * 1024 * 1024;
/** The fleet tail merges its devices' lines in one sort: fewer of them may be held at once. */
export const MAX_FLEET_HISTORY_LINES = 10_000;

const limitOf = (count: number | null, max = MAX_HISTORY_LINES) => Math.min(count ?? max, max);

/**
 * `lines` (newest first, with `message` and `id`) cut where their message bytes, counted from
 * the newest, pass MAX_HISTORY_BYTES. A running sum over the same order as the scan: it streams,
 * and what is cut never reaches the API.
 */
function withinHistoryBytes(lines: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT * FROM (SELECT b.*, sum(octet_length(b.message)) OVER (ORDER BY b.id DESC) AS bytes_upto FROM (${lines}) b) w
     WHERE w.bytes_upto <= ${MAX_HISTORY_BYTES} ORDER BY w.id DESC`;
}

/** The newest lines of one device, returned oldest first (compat §4). */
export async function listDeviceLogLines(db: Db, device: { id: number; uuid: string }, q: HistoryQuery): Promise<StoredLogLine[]> {
  if (q.count === 0) return [];
  const start = q.start ? sql`AND l."timestamp" >= ${q.start.toISOString()}::timestamptz` : sql``;
  const r = await sql<Omit<Row, 'uuid'>>`${withinHistoryBytes(sql`
    SELECT l.id, l.device, l."timestamp", l.message, l.created_at, l.is_system, l.is_stderr, l.service_id
      FROM device_log l WHERE l.device = ${device.id} ${start}
     ORDER BY l.id DESC LIMIT ${limitOf(q.count)}`)}`.execute(db);
  return r.rows.map((row) => toLine({ ...row, uuid: device.uuid })).reverse();
}

export interface FleetHistoryQuery extends HistoryQuery {
  /** The SQL condition (over alias `d`) of the devices the caller may read: the device resource's read rule. */
  readable: RawBuilder<unknown> | boolean;
  serviceIds?: number[];
  deviceUuids?: string[];
}

/**
 * The query behind {@link listFleetLogLines} (exported so a test can EXPLAIN it). It is
 * bounded by the fleet: the fleet's readable devices come from device (belongs_to__application,
 * …), and for each one a LATERAL takes its newest `count` matching lines from device_log
 * (device, id) walking backwards; only those candidates are merged and cut to `count`. A
 * newest-first walk of the whole table filtered by device would read other fleets' lines
 * until it found `count` of this fleet's — the whole table for a small or quiet fleet.
 */
export function fleetLogLinesQuery(fleetId: number, q: FleetHistoryQuery): RawBuilder<Row> {
  const limit = limitOf(q.count, MAX_FLEET_HISTORY_LINES);
  const devices: RawBuilder<unknown>[] = [sql`d.belongs_to__application = ${fleetId}`];
  if (q.readable !== true && q.readable !== false) devices.push(q.readable);
  if (q.deviceUuids?.length) devices.push(sql`d.uuid = ANY (${q.deviceUuids}::text[])`);
  const lines: RawBuilder<unknown>[] = [sql`l.device = d.id`];
  if (q.start) lines.push(sql`l."timestamp" >= ${q.start.toISOString()}::timestamptz`);
  if (q.serviceIds?.length) lines.push(sql`l.service_id = ANY (${q.serviceIds}::int[])`);
  return sql<Row>`${withinHistoryBytes(sql`
    SELECT l.id, l.device, d.uuid, l."timestamp", l.message, l.created_at, l.is_system, l.is_stderr, l.service_id
      FROM device d
     CROSS JOIN LATERAL (
       SELECT l.id, l.device, l."timestamp", l.message, l.created_at, l.is_system, l.is_stderr, l.service_id
         FROM device_log l WHERE ${sql.join(lines, sql` AND `)}
        ORDER BY l.id DESC LIMIT ${limit}) l
     WHERE ${sql.join(devices, sql` AND `)}
     ORDER BY l.id DESC LIMIT ${limit}`)}`;
}

/** The newest lines of the readable devices of a fleet, oldest first, each with its device's uuid. */
export async function listFleetLogLines(db: Db, fleetId: number, q: FleetHistoryQuery): Promise<StoredLogLine[]> {
  if (q.count === 0 || q.readable === false) return [];
  const r = await fleetLogLinesQuery(fleetId, q).execute(db);
  return r.rows.map(toLine).reverse();
}

/** Removes every stored line of a device; returns how many. */
export async function deleteDeviceLogLines(db: Db, deviceId: number): Promise<number> {
  const r = await db.deleteFrom('device_log').where('device', '=', deviceId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
