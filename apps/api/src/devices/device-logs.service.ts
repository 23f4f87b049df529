import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { badRequest } from '../lib/errors.ts';
import { insertDeviceLogs, type DeviceLogInsert } from './device-state.repository.ts';
import { authorizeReport } from './device-state.service.ts';

/**
 * POST /device/v2/:uuid/logs — the batch variant of log upload (compat §5.5): a JSON array
 * of `{message, timestamp, isSystem?, isStdErr?, serviceId?}` or the legacy
 * `{message, timestamp, is_system, is_stderr, image_id}`.
 */

export const MAX_LOG_LINES_PER_BATCH = 1000;
export const MAX_LOG_MESSAGE_LENGTH = 10_000;

function toDate(v: unknown, fallback: Date): Date {
  const d = typeof v === 'number' ? new Date(v) : typeof v === 'string' ? new Date(/^\d+$/.test(v) ? Number(v) : v) : fallback;
  return Number.isNaN(d.getTime()) ? fallback : d;
}

export function parseLogLines(body: unknown, now = new Date()): DeviceLogInsert[] {
  if (!Array.isArray(body)) throw badRequest('Body must be an array of log lines');
  if (body.length > MAX_LOG_LINES_PER_BATCH) throw badRequest(`At most ${MAX_LOG_LINES_PER_BATCH} log lines per request`);
  const lines: DeviceLogInsert[] = [];
  for (const item of body) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    if (typeof o.message !== 'string') continue;
    const serviceId = typeof o.serviceId === 'number' ? o.serviceId : null;
    lines.push({
      message: o.message.slice(0, MAX_LOG_MESSAGE_LENGTH),
      timestamp: toDate(o.timestamp, now),
      isSystem: o.isSystem === true || o.is_system === true,
      isStdErr: o.isStdErr === true || o.is_stderr === true,
      serviceId: Number.isInteger(serviceId) ? serviceId : null,
    });
  }
  return lines;
}

export async function ingestDeviceLogs(db: Db, principal: Principal, uuid: string, body: unknown): Promise<number> {
  const deviceId = await authorizeReport(db, principal, [uuid]);
  const lines = parseLogLines(body);
  await insertDeviceLogs(db, deviceId, lines);
  return lines.length;
}
