import { z } from 'zod';

/**
 * Reading device logs (compat §4, §5.5): `GET /device/v2/:uuid/logs` and its `?stream=1`
 * NDJSON form, and the fleet-wide tail `GET /device/v2/fleet/:fleetId/logs` (Flotilla's own,
 * for the dashboard). Shared by the API routes and the dashboard's client.
 */

/** Lines kept per device unless the operator says otherwise (LOG_RETENTION_LINES), as balena keeps. */
export const DEFAULT_LOG_RETENTION_LINES = 1000;
/**
 * Log lines one device may write per second, sustained (LOG_LINES_PER_SECOND; 0 = no limit),
 * and the burst it may send at once (a boot's backlog). Beyond them the device's upload waits
 * (TCP pushes back; nothing is dropped) and its batch POST answers 429 with Retry-After.
 */
export const DEFAULT_LOG_LINES_PER_SECOND = 200;
export const LOG_LINE_BURST_SECONDS = 25;
/** History lines of a plain read without `count` (compat §4). */
export const DEFAULT_LOG_HISTORY_COUNT = 1000;
/** History lines of a stream without `count`: only live lines (clients pass count=100, or 0 on reconnect). */
export const DEFAULT_LOG_SUBSCRIPTION_COUNT = 0;
/** A bare newline this often keeps a quiet stream open through proxies (compat §4: ~58 s). */
export const LOG_STREAM_KEEPALIVE_MS = 58_000;

const truthy = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');

/** `count`: a whole number or `all`; `start`: epoch ms or an ISO date. */
export const logReadQuery = z.object({
  stream: truthy.optional(),
  count: z
    .union([z.literal('all'), z.string().regex(/^\d{1,9}$/, 'must be a whole number or all')])
    .transform((v) => (v === 'all' ? null : Number(v)))
    .optional(),
  start: z
    .string()
    .max(64)
    .transform((v, ctx) => {
      const d = /^\d{1,16}$/.test(v) ? new Date(Number(v)) : new Date(v);
      // Past year 9999 a date is no log time, and the database driver writes it in a form
      // PostgreSQL refuses (a 500 found by plugins/boundary-fuzz.int.test.ts: +275760-09-13).
      if (Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999) {
        ctx.addIssue({ code: 'custom', message: 'must be epoch milliseconds or an ISO date' });
        return z.NEVER;
      }
      return d;
    })
    .optional(),
});
export type LogReadQuery = z.output<typeof logReadQuery>;

/** A comma-separated list in one query parameter. */
const commaList = z
  .string()
  .max(4000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter((s) => s !== ''));

/** The fleet tail adds filters: service ids and device uuids, each a comma-separated list. */
export const fleetLogReadQuery = logReadQuery.extend({
  service: commaList.pipe(z.array(z.string().regex(/^\d{1,9}$/, 'must be service ids').transform(Number)).max(100)).optional(),
  device: commaList.pipe(z.array(z.string().regex(/^[0-9a-f]{7,62}$/, 'must be a device uuid')).max(100)).optional(),
});
export type FleetLogReadQuery = z.output<typeof fleetLogReadQuery>;

export const fleetLogParams = z.object({ fleetId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** One log line as clients read it (compat §5.5 "Reading side"): times in epoch ms. */
export const deviceLogLineOut = z.object({
  message: z.string(),
  timestamp: z.number(),
  createdAt: z.number(),
  isSystem: z.boolean(),
  isStdErr: z.boolean(),
  serviceId: z.number().int().optional(),
});
export type DeviceLogLineOut = z.output<typeof deviceLogLineOut>;

/** A fleet tail line also names its device. */
export const fleetLogLineOut = deviceLogLineOut.extend({ uuid: z.string() });
export type FleetLogLineOut = z.output<typeof fleetLogLineOut>;
