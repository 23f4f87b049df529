import type { DeviceLogLine } from '@flotilla/core/schemas/device-protocol';
import type { Db } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { insertDeviceLogs, type DeviceLogInsert } from './device-state.repository.ts';
import { authorizeReport } from './device-state.service.ts';

/**
 * POST /device/v2/:uuid/logs — the batch variant of log upload (compat §5.5). The route
 * schema (deviceLogBatch in @flotilla/core/schemas/device-protocol) reads the current and
 * legacy line shapes, skips junk and bounds each line; here only the clock is added.
 */

/** Lines without a usable timestamp take the server's time of arrival. */
export function parseLogLines(lines: DeviceLogLine[], now = new Date()): DeviceLogInsert[] {
  return lines.map((line) => ({ ...line, timestamp: line.timestamp ?? now }));
}

export async function ingestDeviceLogs(db: Db, principal: Principal, uuid: string, lines: DeviceLogLine[]): Promise<number> {
  const deviceId = await authorizeReport(db, principal, [uuid]);
  const rows = parseLogLines(lines);
  await insertDeviceLogs(db, deviceId, rows);
  return rows.length;
}
